/**
 * What both token pages share: the header with its "New …" button, loading and failure, the
 * empty state that explains what such a token is for, the list, and Revoke behind a confirmation.
 */
import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { type ReactNode, useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { projectLabel } from '../../api/project-types.ts';
import { useListProjectsQuery } from '../../api/projects-api.ts';
import type { ApiToken } from '../../api/tokens-api.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { toast } from '../../shared/toast.ts';
import { TokenList } from './token-list.tsx';
import { hintText } from './token-model.ts';

type Failure = FetchBaseQueryError | SerializedError | undefined;

interface TokenPageFrameProps {
  title: string;
  kind: ApiToken['kind'];
  newLabel: string;
  list: { data?: ApiToken[] | undefined; isLoading: boolean; isError: boolean; error?: Failure };
  /** What such a token is for and how it is sent, shown while there is none. */
  empty: ReactNode;
  revoke: (id: string) => Promise<{ error?: Failure }>;
  revoking: boolean;
  /** The creation dialog, mounted while open so each opening starts empty. */
  dialog: (onClose: () => void) => ReactNode;
}

export function TokenPageFrame({ title, kind, newLabel, list, empty, revoke, revoking, dialog }: TokenPageFrameProps) {
  const projects = useListProjectsQuery({});
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<ApiToken | null>(null);
  const tokens = list.data ?? [];
  const names = new Map((projects.data ?? []).map((p) => [p.id, projectLabel(p)]));

  const confirmRevoke = async () => {
    if (!confirming) return;
    const result = await revoke(confirming.id);
    if (result.error) toast.error(messageOr(result.error, 'Revoke failed'));
    else toast.success(`Token "${confirming.name}" revoked`);
    setConfirming(null);
  };

  return (
    <>
      <PageHeader title={title}>
        <Button onClick={() => setCreating(true)}>{newLabel}</Button>
      </PageHeader>
      {list.isLoading ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : list.isError ? (
        <NoData text={messageOr(list.error, 'Failed to load the tokens')} />
      ) : tokens.length === 0 ? (
        <Paper withBorder radius="md" p="lg" maw={720}>
          <Stack gap="sm">{empty}</Stack>
        </Paper>
      ) : (
        <TokenList
          kind={kind}
          tokens={tokens}
          projectName={(id) => names.get(id) ?? (projects.isLoading ? '…' : 'A project no longer listed')}
          onRevoke={setConfirming}
        />
      )}
      {creating && dialog(() => setCreating(false))}
      <ConfirmDialog
        opened={confirming !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirmRevoke()}
        loading={revoking}
        color="red"
        title="Revoke token?"
        confirmLabel="Revoke"
        message={
          confirming ? `Revoke "${confirming.name}" (${hintText(confirming.hint)})? Every program using it is refused from now on. This cannot be undone.` : ''
        }
      />
    </>
  );
}

/** One paragraph of an empty state. */
export function EmptyText({ children }: { children: ReactNode }) {
  return <Text size="sm">{children}</Text>;
}

/** The person's passkeys: add one under a name, rename, remove. */
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { type PasskeySummary, type RegistrationResponse, SIGN_IN_LIMITS, type SecurityOverview } from '@contract/sign-in.ts';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '../../api/error-message.ts';
import {
  ceremonyMessage,
  useAddPasskeyMutation,
  usePasskeyCreationOptionsMutation,
  useRemovePasskeyMutation,
  useRenamePasskeyMutation,
} from '../../api/passkeys-api.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDate } from '../../shared/format.ts';
import { useRefreshMe } from '../../shared/session/use-refresh-me.ts';
import { toast } from '../../shared/toast.ts';

export const PASSKEYS_TITLE = 'Passkeys';

function defaultName(): string {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform || 'this device';
  return `Passkey on ${platform}`.slice(0, SIGN_IN_LIMITS.passkeyName);
}

/** Names a passkey; for a new one, then asks the browser to create it. */
function NameDialog({
  title,
  initial,
  action,
  onClose,
}: {
  title: string;
  initial: string;
  action: (name: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const refused = await action(name.trim());
    setBusy(false);
    if (refused) setFailure(refused);
    else onClose();
  };
  return (
    <AppModal opened onClose={onClose} title={title} size="md" compact>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Passkey name"
            required
            maxLength={SIGN_IN_LIMITS.passkeyName}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!name.trim()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

export function PasskeysSection({ overview }: { overview: SecurityOverview }) {
  const [creationOptions] = usePasskeyCreationOptionsMutation();
  const [add] = useAddPasskeyMutation();
  const [rename] = useRenamePasskeyMutation();
  const [remove, { isLoading: removing }] = useRemovePasskeyMutation();
  const refreshMe = useRefreshMe();
  const [dialog, setDialog] = useState<{ kind: 'add' } | { kind: 'rename' | 'remove'; passkey: PasskeySummary } | null>(null);
  const supported = browserSupportsWebAuthn();
  const { passkeys } = overview;

  const create = async (name: string): Promise<string | null> => {
    const options = await creationOptions();
    if (options.error) return serverMessage(options.error) ?? 'The passkey could not be created.';
    let response: RegistrationResponse;
    try {
      response = await startRegistration({ optionsJSON: options.data });
    } catch (error) {
      return ceremonyMessage(error);
    }
    const added = await add({ name, response });
    if (added.error) return serverMessage(added.error) ?? 'The passkey could not be added.';
    toast.success(`Passkey “${added.data.name}” added`);
    refreshMe();
    return null;
  };
  const renameTo = (passkey: PasskeySummary) => async (name: string) => {
    const result = await rename({ id: passkey.id, name });
    return result.error ? (serverMessage(result.error) ?? 'The passkey could not be renamed.') : null;
  };
  const onRemove = async (passkey: PasskeySummary) => {
    const result = await remove(passkey.id);
    setDialog(null);
    if (result.error) toast.error(serverMessage(result.error) ?? 'The passkey could not be removed.');
    else {
      toast.success(`Passkey “${passkey.name}” removed`);
      refreshMe();
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {PASSKEYS_TITLE}
          </Title>
          {supported && passkeys.length < SIGN_IN_LIMITS.maxPasskeys && <Button onClick={() => setDialog({ kind: 'add' })}>Add a passkey</Button>}
        </Group>
        {!supported && (
          <Text size="sm" c="dimmed">
            This browser cannot use passkeys.
          </Text>
        )}
        {passkeys.length === 0 ? (
          <Text size="sm" c="dimmed">
            No passkeys yet. A passkey signs you in with your fingerprint, face, PIN or security key instead of a code.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {passkeys.map((passkey) => (
                  <Table.Tr key={passkey.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">{passkey.name}</Text>
                        {passkey.backed_up && (
                          <Badge size="xs" variant="light" aria-label="Synced between devices">
                            Synced
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDate(passkey.created_at)}</Table.Td>
                    <Table.Td>{passkey.last_used_at ? formatDate(passkey.last_used_at) : 'Never'}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button size="compact-sm" variant="subtle" onClick={() => setDialog({ kind: 'rename', passkey })} aria-label={`Rename ${passkey.name}`}>
                          Rename
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() => setDialog({ kind: 'remove', passkey })}
                          aria-label={`Remove ${passkey.name}`}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {dialog?.kind === 'add' && <NameDialog title="Add a passkey" initial={defaultName()} action={create} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rename' && (
        <NameDialog title="Rename passkey" initial={dialog.passkey.name} action={renameTo(dialog.passkey)} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'remove'}
        onCancel={() => setDialog(null)}
        onConfirm={() => dialog?.kind === 'remove' && void onRemove(dialog.passkey)}
        title="Remove this passkey?"
        message={dialog?.kind === 'remove' ? `“${dialog.passkey.name}” will no longer sign you in.` : undefined}
        confirmLabel="Remove"
        color="red"
        loading={removing}
      />
    </Paper>
  );
}

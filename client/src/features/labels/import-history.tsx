/** The project's latest imports under the upload form, each undoable as a whole (one reversing event). */
import { Button, Group, Stack, Text } from '@mantine/core';
import { messageOr } from '../../api/error-message.ts';
import { useListLabelImportsQuery, useUndoLabelImportMutation } from '../../api/label-import-api.ts';
import { toast } from '../../shared/toast.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useState } from 'react';

export function ImportHistory({ projectId }: { projectId: string }) {
  const imports = useListLabelImportsQuery(projectId);
  const [undo, undoing] = useUndoLabelImportMutation();
  const [asking, setAsking] = useState<{ jobId: string; labels: number } | null>(null);
  const finished = (imports.data ?? []).filter((i) => i.status === 'success' && i.imported > 0).slice(0, 5);
  if (finished.length === 0) return null;
  const run = async (jobId: string) => {
    const answer = await undo({ projectId, jobId });
    setAsking(null);
    if ('error' in answer) toast.error(messageOr(answer.error, 'Undo failed'));
    else toast.success(`Removed ${answer.data.removed} labels of the import`);
  };
  return (
    <Stack gap={4} aria-label="Recent imports">
      <Text size="sm" fw={600}>
        Recent imports
      </Text>
      {finished.map((i) => (
        <Group key={i.job_id} justify="space-between" wrap="nowrap">
          <Text size="xs">
            {new Date(i.created_at).toLocaleString()} · {i.imported.toLocaleString('en-US')} labels · {i.started_by}
            {i.undone_at && ` · undone by ${i.undone_by}`}
          </Text>
          {!i.undone_at && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setAsking({ jobId: i.job_id, labels: i.imported })}>
              Undo
            </Button>
          )}
        </Group>
      ))}
      <ConfirmDialog
        opened={asking !== null}
        title="Undo import?"
        message={`Remove the ${asking?.labels.toLocaleString('en-US') ?? ''} labels of this import that are still in the database? The label history keeps the import and its undo.`}
        confirmLabel="Undo import"
        color="red"
        loading={undoing.isLoading}
        onConfirm={() => asking && void run(asking.jobId)}
        onCancel={() => setAsking(null)}
      />
    </Stack>
  );
}

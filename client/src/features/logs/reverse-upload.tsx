/**
 * "Reverse this upload" on the Project Logs rows that came from a bulk file: after a confirm, the
 * server appends the opposite movements of the whole file as one batch, or refuses it as a whole
 * (stock moved since, or already reversed) with a message shown as it is.
 */
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import type { LogRow } from '../../api/material-types.ts';
import { useReverseBulkMutation } from '../../api/stock-api.ts';
import { toast } from '../../shared/toast.ts';
import { FROZEN_REASON } from '../../shared/site/site-status.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ReasonedDisabledButton } from '../../components/reasoned-disabled-button.tsx';

const shortId = (id: string) => id.slice(0, 8);

/** The row action and its dialog: `action` goes to the log table, `dialog` once on the page. */
/** While transactions are frozen the button stays, disabled, saying why. */
export function useReverseUpload(projectId: string | null, rows: readonly LogRow[], frozen = false) {
  const [pending, setPending] = useState<LogRow | null>(null);
  const [reverse, { isLoading }] = useReverseBulkMutation();
  // A reversal on the same page shows that its upload is undone already.
  const reversed = new Set(rows.map((r) => r.reverses_batch_id).filter((id): id is string => id !== null));

  const action = (row: LogRow) => {
    if (row.source !== 'bulk' || !row.batch_id) return null;
    if (reversed.has(row.batch_id)) {
      return (
        <Text span size="xs" c="dimmed">
          Reversed
        </Text>
      );
    }
    if (frozen) {
      return (
        <ReasonedDisabledButton reason={FROZEN_REASON} size="compact-xs" variant="light" color="orange">
          Reverse this upload
        </ReasonedDisabledButton>
      );
    }
    return (
      <Button size="compact-xs" variant="light" color="orange" onClick={() => setPending(row)}>
        Reverse this upload
      </Button>
    );
  };

  const confirm = async () => {
    if (!pending?.batch_id || !projectId) return;
    const result = await reverse({ projectId, batchId: pending.batch_id });
    setPending(null);
    if (result.error) toast.error(messageOr(result.error, 'Failed to reverse the upload'));
    else toast.success(`Upload ${shortId(pending.batch_id)} reversed: ${result.data.rows} ${result.data.rows === 1 ? 'row' : 'rows'} undone`);
  };

  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      title="Reverse this upload?"
      message={
        pending?.batch_id
          ? `Every row of bulk upload ${shortId(pending.batch_id)} will be undone in one step: each receive returned, each return received again. Both uploads stay in the logs.`
          : null
      }
      confirmLabel="Reverse upload"
      color="orange"
      loading={isLoading}
      onConfirm={() => void confirm()}
      onCancel={() => setPending(null)}
    />
  );
  return { action, dialog };
}

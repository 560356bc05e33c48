/**
 * "Correct" on a log entry (issue 16), for a superadmin or the project's admin: a dialog that says
 * what it corrects, takes the quantity the entry should have had (or reverses it), the reason and
 * when the correction applies, then asks to confirm. The server appends a compensating entry; the
 * corrected one stays, struck through and linked to it.
 */
import {
  CORRECTED_QUANTITY_INVALID,
  CORRECTION_BEFORE_ENTRY,
  CORRECTION_IN_FUTURE,
  CORRECTION_REASON_REQUIRED,
  CORRECTION_UNCHANGED,
} from '@contract/corrections.ts';
import { Alert, Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCorrectLogEntryMutation } from '../../api/corrections-api.ts';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import type { LogRow } from '../../api/material-types.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { formatDateTime } from '../../shared/format.ts';
import { FROZEN_REASON } from '../../shared/site/site-status.ts';
import { toast } from '../../shared/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { ReasonedDisabledButton } from '../../components/reasoned-disabled-button.tsx';

/** The entries a correction can name: the server refuses the others. */
export const CORRECTABLE_LOG_TYPES = ['Receive', 'Return', 'Assign', 'Unassign', 'Lost', 'Found'];

/** True when the row can get a "Correct" button: a plain movement of the project, not corrected yet. */
export function isCorrectable(row: LogRow): boolean {
  // A warehouse or transfer move names another side (location_a/b); correcting one half would unbalance it.
  const oneSided = row.LogType === 'Return' ? row.location_b === null : row.location_a === null && row.location_b === null;
  return CORRECTABLE_LOG_TYPES.includes(row.LogType) && row.corrected_by === null && row.corrects_position === null && row.ProjectID !== null && oneSided;
}

/** An instant as the value of a datetime-local input, in the browser's time zone, to the minute. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The form's checks, in the words the server uses; null when it may be sent. */
export function correctionProblem(
  form: { mode: 'quantity' | 'reverse'; quantity: string; reason: string; appliesAt: string },
  row: LogRow,
  now = new Date(),
): string | null {
  if (form.mode === 'quantity') {
    const n = Number(form.quantity.trim());
    if (form.quantity.trim() === '' || !Number.isInteger(n) || n < 0) return CORRECTED_QUANTITY_INVALID;
    if (n === row.LogAmount) return CORRECTION_UNCHANGED;
  }
  if (form.reason.trim() === '') return CORRECTION_REASON_REQUIRED;
  const at = new Date(form.appliesAt);
  if (Number.isNaN(at.getTime())) return 'Choose when the correction applies';
  if (at.getTime() > now.getTime()) return CORRECTION_IN_FUTURE;
  // The input has minutes only: the entry's own minute counts as "not before it".
  if (at.getTime() < new Date(toLocalInput(row.LogDate)).getTime()) return CORRECTION_BEFORE_ENTRY;
  return null;
}

/** The instant to send: the entry's own minute means the entry's exact time (the input drops its seconds). */
export function appliesAtInstant(appliesAt: string, row: LogRow): string {
  return appliesAt === toLocalInput(row.LogDate) ? row.LogDate : new Date(appliesAt).toISOString();
}

export function useCorrectEntry(projectId: string | null, frozen = false) {
  const [row, setRow] = useState<LogRow | null>(null);
  const action = (entry: LogRow) => {
    if (!isCorrectable(entry)) return null;
    if (frozen) {
      return (
        <ReasonedDisabledButton reason={FROZEN_REASON} size="compact-xs" variant="light" color="yellow">
          Correct
        </ReasonedDisabledButton>
      );
    }
    return (
      <Button size="compact-xs" variant="light" color="yellow" onClick={() => setRow(entry)} aria-label={`Correct entry ${entry.position}`}>
        Correct
      </Button>
    );
  };
  const dialog = projectId && row ? <CorrectEntryDialog key={row.position} projectId={projectId} row={row} onClose={() => setRow(null)} /> : null;
  return { action, dialog };
}

function CorrectEntryDialog({ projectId, row, onClose }: { projectId: string; row: LogRow; onClose: () => void }) {
  const [mode, setMode] = useState<'quantity' | 'reverse'>('quantity');
  const [quantity, setQuantity] = useState(String(row.LogAmount));
  const [reason, setReason] = useState('');
  const [appliesAt, setAppliesAt] = useState(toLocalInput(row.LogDate));
  const [reviewing, setReviewing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [correct, { isLoading }] = useCorrectLogEntryMutation();
  const { keyFor, settle } = useIdempotencyKey();
  const corrected = mode === 'reverse' ? 0 : Number(quantity.trim());

  const review = () => {
    const found = correctionProblem({ mode, quantity, reason, appliesAt }, row);
    setProblem(found);
    if (!found) setReviewing(true);
  };
  const submit = async () => {
    const body = { project_id: projectId, position: row.position, quantity: corrected, reason: reason.trim(), occurred_at: appliesAtInstant(appliesAt, row) };
    const result = await correct({ ...body, idempotencyKey: keyFor(body) });
    settle(result.error);
    if (result.error) {
      setReviewing(false);
      setProblem(messageOr(result.error, 'Failed to correct the entry'));
      return;
    }
    toast.success(corrected === 0 ? `Entry ${row.position} reversed` : `Entry ${row.position} corrected to ${corrected}`);
    onClose();
  };

  return (
    <AppModal opened onClose={onClose} title="Correct log entry" size="md">
      <Stack gap="sm">
        <Text size="sm">
          Corrects entry #{row.position}: {row.LogType} of <b>{row.LogAmount}</b> × {row.PartNumber} ({row.PartName}) on {formatDateTime(row.LogDate)} by{' '}
          {row.LogName}
          {row.AssociatedName ? `, for ${row.AssociatedName}` : ''}. The entry stays in the logs, struck through and linked to its correction.
        </Text>
        {reviewing ? (
          <>
            <Alert color="yellow" title="Confirm the correction">
              {corrected === 0
                ? `Reverse the ${row.LogType.toLowerCase()} of ${row.LogAmount}`
                : `The ${row.LogType.toLowerCase()} becomes ${corrected} instead of ${row.LogAmount}`}
              , from {formatDateTime(appliesAtInstant(appliesAt, row))}. Reason: {reason.trim()}
            </Alert>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setReviewing(false)} disabled={isLoading}>
                Back
              </Button>
              <Button color="yellow" loading={isLoading} onClick={() => void submit()}>
                Confirm correction
              </Button>
            </Group>
          </>
        ) : (
          <>
            <SegmentedControl
              aria-label="Correction"
              value={mode}
              onChange={(value) => setMode(value as 'quantity' | 'reverse')}
              data={[
                { value: 'quantity', label: 'Corrected quantity' },
                { value: 'reverse', label: 'Reverse the entry' },
              ]}
            />
            {mode === 'quantity' && (
              <TextInput
                label="Corrected quantity"
                description="What the entry should have been"
                inputMode="numeric"
                value={quantity}
                onChange={(e) => setQuantity(e.currentTarget.value)}
              />
            )}
            <Textarea
              label="Reason"
              required
              maxLength={MAX_LENGTH.note}
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <TextInput
              label="Applies at"
              description="When the correction takes effect: not before the entry, not in the future"
              type="datetime-local"
              value={appliesAt}
              onChange={(e) => setAppliesAt(e.currentTarget.value)}
            />
            {problem && (
              <Text size="sm" c="red" role="alert">
                {problem}
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button color="yellow" onClick={review}>
                Review
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </AppModal>
  );
}

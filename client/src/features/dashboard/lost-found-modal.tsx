/**
 * Mark Lost / Mark Found (spec 01 §4, §5, §8). Lost takes from on hand or from one user in the
 * field; found puts back on hand or with a user. Messages appear once Submit has been tried and
 * follow every change after that; Submit stays disabled while the source holds nothing.
 */
import { Alert, Button, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import type { InventoryRow } from '../../api/material-types.ts';
import { useGetAssigneesQuery } from '../../api/materials-api.ts';
import { useMarkLostFoundMutation, type LostFoundSource } from '../../api/stock-api.ts';
import { personName } from '../../shared/format.ts';
import { toast } from '../../shared/toast.ts';
import { savedOnDevice } from '../../offline/saved-notice.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { useGetAssignableUsersQuery } from '../../api/projects-api.ts';
import { LOST_FOUND_MESSAGES, available, lostFoundErrors, submitDisabled, type LostFoundInput, type LostFoundMode } from './lost-found-rules.ts';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { NoteField } from '../../components/note-field.tsx';

interface LostFoundModalProps {
  projectId: string;
  row: InventoryRow;
  mode: LostFoundMode;
  onDone: () => void;
}

export function LostFoundModal({ projectId, row, mode, onDone }: LostFoundModalProps) {
  const title = `${mode === 'lost' ? 'Mark Lost' : 'Mark Found'} · ${row.PartNumber}`;
  return (
    <AppModal opened onClose={onDone} title={title} size="md">
      <LostFoundForm projectId={projectId} row={row} mode={mode} onDone={onDone} />
    </AppModal>
  );
}

function LostFoundForm({ projectId, row, mode, onDone }: LostFoundModalProps) {
  const [source, setSource] = useState<LostFoundSource>('on_hand');
  const [quantity, setQuantity] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [mark, { isLoading }] = useMarkLostFoundMutation();
  const idempotency = useIdempotencyKey();

  const field = source === 'field_assigned';
  const holders = useGetAssigneesQuery(mode === 'lost' && field ? { projectId, number: row.PartNumber } : skipToken);
  const members = useGetAssignableUsersQuery(mode === 'found' && field ? projectId : skipToken);

  const options =
    mode === 'lost'
      ? (holders.data ?? []).map((h) => ({ value: h.uuid, label: `${personName(h)} (${h.quantity} assigned)` }))
      : (members.data ?? []).map((m) => ({ value: m.uuid, label: `${personName(m)} (${m.user_email})` }));
  const usersFailed = mode === 'lost' ? holders.isError : members.isError;
  const noHolders = mode === 'lost' && field && holders.isSuccess && holders.data.length === 0;

  const input: LostFoundInput = {
    mode,
    source,
    quantity,
    userId,
    note,
    onHand: row.QtyOnHand,
    fieldAssigned: row.FieldAssigned,
    lost: row.QtyLost,
    userHolding: holders.data?.find((h) => h.uuid === userId)?.quantity ?? null,
  };
  const found = lostFoundErrors(input);
  // A note past its limit is said while typing; the rest once Submit was pressed.
  const errors = tried ? found : found.note ? { note: found.note } : {};
  const disabled = submitDisabled(input) || noHolders;

  const submit = async () => {
    setTried(true);
    if (Object.keys(lostFoundErrors(input)).length > 0) return;
    const body = {
      action: mode,
      project_id: projectId,
      part_number: row.PartNumber,
      quantity: Number(quantity.trim()),
      source,
      associated_user: field ? userId : null,
      note: note.trim() || null,
    };
    const result = await mark({ ...body, idempotencyKey: idempotency.keyFor(body) });
    idempotency.settle(result.error);
    if (savedOnDevice(result.data)) {
      onDone();
      return;
    }
    if (result.error) {
      const message = messageOr(result.error, LOST_FOUND_MESSAGES.failed);
      // Said once, in the dialog, where it stays until the next try.
      setFailure(message);
      return;
    }
    toast.success(mode === 'lost' ? 'Marked lost' : 'Marked found');
    onDone();
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        On hand {row.QtyOnHand} · field assigned {row.FieldAssigned} · lost {row.QtyLost}
      </Text>
      <FailureAlert failure={failure} />
      <Radio.Group
        label={mode === 'lost' ? 'Lost from' : 'Found quantity goes to'}
        value={source}
        onChange={(value) => {
          setSource(value as LostFoundSource);
          setUserId(null);
        }}
      >
        <Stack gap={6} mt={6}>
          <Radio value="on_hand" label={mode === 'lost' ? `On hand (${row.QtyOnHand})` : 'On hand'} />
          <Radio value="field_assigned" label={mode === 'lost' ? `Field assigned (${row.FieldAssigned})` : 'A user in the field'} />
        </Stack>
      </Radio.Group>
      {field && (
        <>
          <Select
            label={mode === 'lost' ? 'Assigned user' : 'User who has it'}
            placeholder={mode === 'lost' ? 'Choose the user it was lost from' : 'Choose a user'}
            data={options}
            value={userId}
            onChange={setUserId}
            searchable
            nothingFoundMessage="No users match"
            error={errors.userId}
            disabled={usersFailed || noHolders}
          />
          {usersFailed && (
            <Alert color="red" role="alert">
              {LOST_FOUND_MESSAGES.assigneesFailed}
            </Alert>
          )}
          {noHolders && (
            <Alert color="yellow" role="alert">
              {LOST_FOUND_MESSAGES.noAssignees}
            </Alert>
          )}
        </>
      )}
      <TextInput
        label="Quantity"
        inputMode="numeric"
        value={quantity}
        onChange={(event) => setQuantity(event.currentTarget.value)}
        description={`At most ${available(input)}`}
        error={errors.quantity}
      />
      <NoteField value={note} onChange={setNote} error={errors.note} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={isLoading}>
          Cancel
        </Button>
        <Button color={mode === 'lost' ? 'red' : 'teal'} onClick={() => void submit()} loading={isLoading} disabled={disabled}>
          {mode === 'lost' ? 'Mark Lost' : 'Mark Found'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Mark Lost / Mark Found for an asset (spec 01 §2 "Modals on the dashboard", §5, §8), a form then
 * a confirm step like the other asset dialogs. An instance goes lost or comes back whole; a bulk
 * type's units are counted, no more than are on hand (lost) or outstanding lost (found). Success
 * says Marked lost / Marked found; a refusal stays in the dialog (default Failed to submit update).
 */
import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import { toast } from '../../app/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { useMarkAssetLostFoundMutation, type Owner } from './assets-api.ts';
import { isBulk } from './asset-table-model.ts';
import type { AssetRow } from './asset-types.ts';
import { instanceLabel } from './instance-label.ts';
import {
  ASSET_LOST_FOUND_MESSAGES as MSG,
  assetLostFoundErrors,
  bulkLimit,
  lostFoundBody,
  offersLostFound,
  type AssetLostFoundErrors,
  type AssetLostFoundMode,
} from './lost-found-rules.ts';
import { SummaryTable } from './summary-table.tsx';

interface AssetLostFoundDialogProps {
  mode: AssetLostFoundMode;
  row: AssetRow;
  /** The project or warehouse where it went missing (or turned up). */
  here: Owner;
  onClose: () => void;
}

export function AssetLostFoundDialog({ mode, row, here, onClose }: AssetLostFoundDialogProps) {
  const bulk = isBulk(row);
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<AssetLostFoundErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [mark, { isLoading }] = useMarkAssetLostFoundMutation();
  const idempotency = useIdempotencyKey();
  const verb = mode === 'lost' ? 'Mark Lost' : 'Mark Found';
  const what = bulk
    ? `${row.AssetNumber} · ${row.AssetName}`
    : instanceLabel({ asset_number: row.AssetNumber, asset_name: row.AssetName, serial_number: row.serial_number });

  const next = () => {
    const found = assetLostFoundErrors(mode, row, quantity, note);
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };
  const submit = async () => {
    const body = lostFoundBody(here, row, quantity, note);
    const result = await mark({ action: mode, body, idempotencyKey: idempotency.keyFor({ mode, body }) });
    idempotency.settle(result.error);
    if (result.error) {
      setFailure(messageOr(result.error, MSG.failed));
      return;
    }
    toast.success(mode === 'lost' ? MSG.lost : MSG.found);
    onClose();
  };

  return (
    <AppModal opened onClose={onClose} title={`${verb} · ${row.AssetNumber}`} size="md">
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {confirming ? (
          <SummaryTable
            lines={[
              ['Asset', what],
              ...(bulk ? ([['Quantity', quantity.trim()]] as [string, string][]) : []),
              [mode === 'lost' ? 'Lost from' : 'Found back to', 'On hand'],
              ['Note', note.trim() || '—'],
            ]}
          />
        ) : (
          <>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {what}
            </Text>
            {bulk ? (
              <>
                <Text size="sm" c="dimmed">
                  On hand {row.QtyOnHand} · assigned {row.AssignedQty} · lost {row.QtyLost}
                </Text>
                <TextInput
                  label="Quantity"
                  inputMode="numeric"
                  description={`At most ${bulkLimit(mode, row)}`}
                  value={quantity}
                  onChange={(e) => {
                    setQuantity(e.currentTarget.value);
                    setErrors({});
                  }}
                  error={errors.quantity}
                />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {mode === 'lost' ? 'The instance is marked lost here until it is found.' : 'The instance comes back here, available.'}
              </Text>
            )}
            <Textarea
              label="Note"
              placeholder="Optional"
              autosize
              minRows={2}
              maxRows={8}
              value={note}
              onChange={(e) => {
                setNote(e.currentTarget.value);
                setErrors({});
              }}
              error={errors.note}
            />
          </>
        )}
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={confirming ? () => setConfirming(false) : onClose} disabled={isLoading}>
            {confirming ? 'Back' : 'Cancel'}
          </Button>
          {confirming ? (
            <Button color={mode === 'lost' ? 'red' : 'teal'} onClick={() => void submit()} loading={isLoading}>
              Confirm
            </Button>
          ) : (
            // Nothing to lose, or nothing recorded lost: the dialog cannot go on (spec 01 §5).
            <Button onClick={next} disabled={!offersLostFound(mode, row)}>
              Next
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}

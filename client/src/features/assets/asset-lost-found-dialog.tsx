/**
 * Mark Lost / Mark Found for an asset (spec 01 §2 "Modals on the dashboard", §5, §8), a form then
 * a confirm step like the other asset dialogs. An instance goes lost or comes back whole; a bulk
 * type's units are counted, no more than are on hand (lost) or outstanding lost (found). Success
 * says Marked lost / Marked found; a refusal stays in the dialog (default Failed to submit update).
 */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import { toast } from '../../shared/toast.ts';
import { savedOnDevice } from '../../offline/saved-notice.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { QuantityInput } from '../../components/quantity-input.tsx';
import { useMarkAssetLostFoundMutation, type Owner } from './assets-api.ts';
import { assetRowKey, isBulk } from './asset-table-model.ts';
import type { AssetRow } from './asset-types.ts';
import { instanceLabel } from './instance-label.ts';
import { MOVE_MESSAGES } from './move-rules.ts';
import {
  ASSET_LOST_FOUND_MESSAGES as MSG,
  assetLostFoundErrors,
  bulkLimit,
  lostFoundBody,
  offersLostFound,
  type AssetLostFoundErrors,
  type AssetLostFoundMode,
} from './lost-found-rules.ts';
import { SummaryTable } from '../../components/summary-table.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { NoteField } from '../../components/note-field.tsx';

interface AssetLostFoundDialogProps {
  mode: AssetLostFoundMode;
  /** The asset, chosen already (from Asset Details), or null to choose one of `rows` in the form. */
  row: AssetRow | null;
  /** The place's inventory to choose from when no row is given (the warehouse action bar). */
  rows?: readonly AssetRow[];
  /** The project or warehouse where it went missing (or turned up). */
  here: Owner;
  onClose: () => void;
}

export function AssetLostFoundDialog({ mode, row: given, rows = [], here, onClose }: AssetLostFoundDialogProps) {
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const offered = rows.filter((r) => offersLostFound(mode, r));
  const row = given ?? offered.find((r) => assetRowKey(r) === chosenKey) ?? null;
  const bulk = row ? isBulk(row) : false;
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<AssetLostFoundErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [mark, { isLoading }] = useMarkAssetLostFoundMutation();
  const idempotency = useIdempotencyKey();
  const verb = mode === 'lost' ? 'Mark Lost' : 'Mark Found';
  const what = row ? rowText(row) : '—';

  const next = () => {
    if (!row) {
      setErrors({ asset: MSG.asset });
      return;
    }
    const found = assetLostFoundErrors(mode, row, quantity, note);
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };
  const submit = async () => {
    if (!row) return;
    const body = lostFoundBody(here, row, quantity, note);
    const result = await mark({ action: mode, body, idempotencyKey: idempotency.keyFor({ mode, body }) });
    idempotency.settle(result.error);
    if (savedOnDevice(result.data)) {
      onClose();
      return;
    }
    if (result.error) {
      setFailure(messageOr(result.error, MSG.failed));
      return;
    }
    toast.success(mode === 'lost' ? MSG.lost : MSG.found);
    onClose();
  };

  return (
    <AppModal opened onClose={onClose} title={given ? `${verb} · ${given.AssetNumber}` : verb} size="md">
      <Stack gap="md">
        <FailureAlert failure={failure} />
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
            {given ? (
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {what}
              </Text>
            ) : (
              <Select
                allowDeselect={false}
                label="Asset"
                placeholder={offered.length === 0 ? MOVE_MESSAGES.noneOffered : MOVE_MESSAGES.searchAssets}
                data={offered.map((r) => ({ value: assetRowKey(r), label: rowText(r) }))}
                value={chosenKey}
                onChange={(key) => {
                  setChosenKey(key);
                  setQuantity('1');
                  setErrors({});
                }}
                searchable
                nothingFoundMessage="No assets match"
                error={errors.asset}
              />
            )}
            {row && bulk ? (
              <>
                <Text size="sm" c="dimmed">
                  On hand {row.QtyOnHand} · assigned {row.AssignedQty} · lost {row.QtyLost}
                </Text>
                <QuantityInput
                  label="Quantity"
                  description={`At most ${bulkLimit(mode, row)}`}
                  value={quantity}
                  onChange={(typed) => {
                    setQuantity(typed);
                    setErrors({});
                  }}
                  error={errors.quantity}
                />
              </>
            ) : (
              row && (
                <Text size="sm" c="dimmed">
                  {mode === 'lost' ? 'The instance is marked lost here until it is found.' : 'The instance comes back here, available.'}
                </Text>
              )
            )}
            <NoteField
              value={note}
              onChange={(value) => {
                setNote(value);
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
            <Button onClick={next} disabled={row ? !offersLostFound(mode, row) : offered.length === 0}>
              Next
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}

/** A bulk type by number and name with its counts; an instance by number, name and serial. */
function rowText(r: AssetRow): string {
  return isBulk(r)
    ? `${r.AssetNumber} · ${r.AssetName} (${r.QtyOnHand} on hand, ${r.QtyLost} lost)`
    : instanceLabel({ asset_number: r.AssetNumber, asset_name: r.AssetName, serial_number: r.serial_number });
}

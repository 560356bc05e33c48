/**
 * A scanned asset's card: what Asset Details shows of an instance (type, serial, status, where it is,
 * who has it) and only the actions the server said the caller may take in its state, each through
 * the dialog the dashboard and warehouse screens use. The card is the server's answer to the scan,
 * so when an action is recorded it is looked up again and shows the asset as it is now.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { instanceRow } from '@contract/asset-rows.ts';
import type { AssetScanAction, ScanMatch } from '@contract/scan.ts';
import { DetailField } from '../../components/detail-field.tsx';
import type { Owner } from './assets-api.ts';
import { AssetLostFoundDialog } from './asset-lost-found-dialog.tsx';
import { AssetMoveDialog } from './asset-move-dialog.tsx';
import { StatusBadge } from './assets-table.tsx';
import type { AssetMoveKind } from './move-rules.ts';

type AssetMatch = Extract<ScanMatch, { kind: 'asset' }>;

interface Offer {
  action: AssetScanAction;
  label: string;
  open: Opened;
  color?: string;
}
type Opened = { kind: 'move'; move: AssetMoveKind } | { kind: 'lost' } | { kind: 'found' };

/**
 * The buttons of the actions the server offers, each through the dialog that does it from where the
 * asset is: out of a project to a warehouse is the project's return (its managers may), out of a
 * warehouse to a project the warehouse's assignment; the other moves take it from wherever it is.
 */
export function assetOffers(actions: readonly AssetScanAction[], owner: Owner['type']): Offer[] {
  const move = (kind: AssetMoveKind): Opened => ({ kind: 'move', move: kind });
  const offers: Record<AssetScanAction, Omit<Offer, 'action'>> = {
    mark_in_use: { label: 'Mark In Use', open: move('project-assign') },
    return_from_use: { label: 'Return from use', open: move('project-unassign') },
    move_to_warehouse: { label: 'Move to warehouse', open: move(owner === 'project' ? 'project-return' : 'instance-to-warehouse') },
    move_to_project: { label: 'Move to project', open: move(owner === 'warehouse' ? 'warehouse-assign' : 'instance-to-project') },
    lost: { label: 'Mark Lost', open: { kind: 'lost' }, color: 'red' },
    found: { label: 'Mark Found', open: { kind: 'found' }, color: 'teal' },
  };
  return actions.map((action) => ({ action, ...offers[action] }));
}

export function AssetScanCard({ match }: { match: AssetMatch }) {
  const { instance } = match;
  const [opened, setOpened] = useState<Opened | null>(null);
  const here: Owner = { type: instance.owner_type, id: instance.owner_id };
  const row = instanceRow(instance);
  const offers = assetOffers(match.actions, here.type);
  const close = () => setOpened(null);

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Scanned asset">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Title order={4} style={{ overflowWrap: 'anywhere' }}>
            {instance.asset_number} · {instance.asset_name}
          </Title>
          <StatusBadge row={instance} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <DetailField wrap label="S/N" value={instance.serial_number ?? '—'} />
          <DetailField wrap label="Category" value={instance.asset_category} />
          <DetailField wrap label={instance.owner_type === 'project' ? 'Project' : 'Warehouse'} value={instance.owner_label} />
          <DetailField wrap label="In use by" value={instance.assigned_user_name ?? '—'} />
          <DetailField wrap label="Condition" value={instance.condition} />
          {instance.notes && <DetailField wrap label="Notes" value={instance.notes} />}
        </SimpleGrid>
        {offers.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing you may do with this asset here.
          </Text>
        ) : (
          <Group gap="xs" wrap="wrap">
            {offers.map((offer) => (
              <Button key={offer.action} variant={offer.color ? 'light' : 'filled'} color={offer.color} onClick={() => setOpened(offer.open)}>
                {offer.label}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
      {opened?.kind === 'move' && <AssetMoveDialog kind={opened.move} here={here} rows={[row]} instanceId={instance.id} onClose={close} />}
      {(opened?.kind === 'lost' || opened?.kind === 'found') && <AssetLostFoundDialog mode={opened.kind} row={row} here={here} onClose={close} />}
    </Paper>
  );
}

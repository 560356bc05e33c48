/**
 * /warehouses (spec 02 §2.4, materials mode): the warehouse selector, the action bar and the
 * stock of the chosen warehouse by location, live as the dashboard is, with ticks on its parts to
 * print the labels of their locations or of the parts. Global admins and superadmins only: others
 * are told so.
 */
import { Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { LINK_PARAMS, useLinkedParam, useSearchFromLink } from '../../shared/deep-link.ts';
import { messageOr } from '../../api/error-message.ts';
import { useGetWarehouseInventoryQuery } from '../../api/warehouses-api.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { isSuperadmin } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { useSiteStatus } from '../../shared/site/site-status.ts';
import { NoData } from '../../components/no-data.tsx';
import { PrintLabelsButton, SelectAllCheckbox, useRowSelection } from '../../components/codes/print-selection.tsx';
import { useLabelPrintDialog } from '../../components/codes/label-print-slot.ts';
import { MoveDialog } from './move-dialog.tsx';
import { ReceiveWizard } from './receive-wizard.tsx';
import { RelocateWizard } from './relocate-wizard.tsx';
import { WarehouseActionsBar, type WarehouseAction } from './warehouse-actions-bar.tsx';
import { WarehouseBody, type WarehouseChoice, WarehouseFacts, WarehouseHeader, warehouseScreen } from '../../components/warehouse-select.tsx';
import { printPlaces, visibleWarehouseStock } from './warehouse-stock-model.ts';
import { StockLegend, WarehouseStockTable } from './warehouse-stock-table.tsx';
import { NO_PARTS_MATCH, NO_WAREHOUSES_YET, WAREHOUSE_INVENTORY_TITLE } from '../../shared/messages.ts';

export const WarehouseInventoryPage = warehouseScreen(WAREHOUSE_INVENTORY_TITLE, WarehouseInventory);

function WarehouseInventory({ choice }: { choice: WarehouseChoice }) {
  const superadmin = isSuperadmin(useAppSelector(selectSession).role);
  const warehouse = choice.chosen;
  const stock = useGetWarehouseInventoryQuery(warehouse ? warehouse.id : skipToken, { refetchOnMountOrArgChange: true });
  const { frozen } = useSiteStatus();
  // A link (a scan) may bring a search, or a part whose row is marked.
  const [search, setSearch] = useSearchFromLink();
  const [part] = useLinkedParam(LINK_PARAMS.part);
  const [open, setOpen] = useState<WarehouseAction | null>(null);
  const rows = stock.data ?? [];
  const visible = useMemo(() => visibleWarehouseStock(stock.data ?? [], search), [stock.data, search]);
  const close = () => setOpen(null);
  const partNumbers = useMemo(() => visible.map((r) => r.material.part_number), [visible]);
  const selection = useRowSelection(partNumbers, warehouse?.id);
  const ticked = new Set(selection.keys);
  // Ticks only where a print dialog is there to print them.
  const prints = useLabelPrintDialog() !== null;
  const places = printPlaces(visible.filter((r) => ticked.has(r.material.part_number)));

  return (
    <>
      <WarehouseHeader title={WAREHOUSE_INVENTORY_TITLE} choice={choice} />
      <WarehouseBody
        choice={choice}
        empty={superadmin ? 'There are no warehouses yet. Create one under Administration, Warehouse Manager.' : NO_WAREHOUSES_YET}
      >
        {(warehouse) => (
          <>
            <WarehouseFacts warehouse={warehouse} capacity />
            <WarehouseActionsBar frozen={frozen} inactive={!warehouse.active} onAction={setOpen} />
            <Paper withBorder radius="md" p="sm">
              <Stack gap="sm">
                <Group gap="sm" wrap="wrap" justify="space-between">
                  <TextInput
                    aria-label="Search warehouse stock"
                    maxLength={MAX_LENGTH.search}
                    placeholder="Search part, name, nickname or location"
                    value={search}
                    onChange={(e) => setSearch(e.currentTarget.value)}
                    w={{ base: '100%', xs: 340 }}
                  />
                  <Group gap="xs" wrap="wrap">
                    {stock.isFetching && !stock.isLoading && <Loader size="xs" aria-label="Updating" />}
                    <PrintLabelsButton
                      label="Print Location Labels"
                      count={places.length}
                      source={() => ({ kind: 'locations', warehouse_id: warehouse.id, places })}
                    />
                    <PrintLabelsButton
                      label="Print Part Labels"
                      count={selection.keys.length}
                      source={() => ({ kind: 'parts', warehouse_id: warehouse.id, part_numbers: selection.keys })}
                    />
                  </Group>
                </Group>
                {stock.isLoading ? (
                  <Center p="xl">
                    <Loader size="sm" />
                  </Center>
                ) : stock.error && !stock.data ? (
                  <NoData text={messageOr(stock.error, 'Failed to load warehouse inventory')} />
                ) : visible.length === 0 ? (
                  <NoData text={rows.length === 0 ? 'This warehouse holds no materials yet' : NO_PARTS_MATCH} />
                ) : (
                  <>
                    {prints && <SelectAllCheckbox selection={selection} noun="parts" total={partNumbers.length} />}
                    <WarehouseStockTable rows={visible} warehouseNum={warehouse.num_id} highlight={part} selection={prints ? selection : undefined} />
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text size="xs" c="dimmed">
                        {partCount(visible.length, rows.length)}
                      </Text>
                      <StockLegend />
                    </Group>
                  </>
                )}
              </Stack>
            </Paper>
          </>
        )}
      </WarehouseBody>
      {warehouse && open === 'receive' && <ReceiveWizard warehouse={warehouse} onClose={close} />}
      {warehouse && open === 'relocate' && <RelocateWizard warehouse={warehouse} rows={rows} onClose={close} />}
      {warehouse && open && open !== 'receive' && open !== 'relocate' && <MoveDialog kind={open} warehouse={warehouse} rows={rows} onClose={close} />}
    </>
  );
}

function partCount(shown: number, total: number): string {
  const noun = total === 1 ? 'part' : 'parts';
  return shown === total ? `${total.toLocaleString()} ${noun}` : `${shown.toLocaleString()} of ${total.toLocaleString()} ${noun}`;
}

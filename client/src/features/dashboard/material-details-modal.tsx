/**
 * Material Details: the part's names (editable by curators), its four figures (each one opens the
 * movements behind it), its thresholds, who holds it, a chart of its stock over time, and its part
 * number's printable Code 128. Curators also reach Mark Lost, Mark Found, Stock Warnings and the
 * part's logs from here.
 */
import { Badge, Button, Center, Divider, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PART_NOT_FOUND } from '@contract/messages.ts';
import { lazy, Suspense, type ReactNode } from 'react';
import { FIGURE_LABELS, type Figure, type InventoryRow } from '../../api/material-types.ts';
import { useExplainFigureQuery, useGetAssigneesQuery } from '../../api/materials-api.ts';
import { AsOfNote } from '../../offline/as-of-note.tsx';
import { personName } from '../../shared/format.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { PartBarcode } from '../../components/codes/printable-code.tsx';
import { MaterialNameEditor } from '../../components/material-name-editor.tsx';
import type { DashboardDialog } from './dialog-stack.ts';
import { ITEM_INFO_FAILED } from './explain-modal.tsx';
import { FigureLink } from './figure-link.tsx';
import { STOCK_LEVEL_COLORS, STOCK_LEVEL_LABELS, stockLevel } from './inventory-model.ts';
import { stockHistory } from './stock-history.ts';

const StockChart = lazy(() => import('./stock-chart.tsx'));

interface MaterialDetailsModalProps {
  projectId: string;
  row: InventoryRow | undefined;
  canCurate: boolean;
  onOpen: (dialog: DashboardDialog) => void;
  onClose: () => void;
}

export function MaterialDetailsModal({ projectId, row, canCurate, onOpen, onClose }: MaterialDetailsModalProps) {
  return (
    <AppModal opened onClose={onClose} title="Material Details" size="xl">
      {row ? <DetailsBody projectId={projectId} row={row} canCurate={canCurate} onOpen={onOpen} /> : <Text>{PART_NOT_FOUND}</Text>}
    </AppModal>
  );
}

function DetailsBody({ projectId, row, canCurate, onOpen }: Omit<MaterialDetailsModalProps, 'row' | 'onClose'> & { row: InventoryRow }) {
  const level = stockLevel(row);
  const explain = (figure: Figure) => onOpen({ kind: 'explain', materialId: row.material_id, figure });
  const figures: [Figure, number][] = [
    ['logistics', row.MatVendorQty],
    ['on_hand', row.QtyOnHand],
    ['field_assigned', row.FieldAssigned],
    ['lost', row.QtyLost],
    ['in_transit', row.QtyInTransit + row.QtyIncoming],
  ];

  return (
    <Stack gap="md">
      <MaterialNameEditor key={row.material_id} projectId={projectId} row={row} canEdit={canCurate} />
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        {figures.map(([figure, value]) => (
          <Paper key={figure} withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {FIGURE_LABELS[figure]}
            </Text>
            <FigureLink
              figure={figure}
              value={value}
              partNumber={row.PartNumber}
              onExplain={canCurate ? explain : undefined}
              size="xl"
              color={figure === 'on_hand' && STOCK_LEVEL_COLORS[level] ? `${STOCK_LEVEL_COLORS[level]}.8` : undefined}
            />
          </Paper>
        ))}
      </SimpleGrid>
      <Group gap="xs" wrap="wrap">
        <Badge tt="none" color={STOCK_LEVEL_COLORS[level] ?? 'gray'} variant="light">
          {STOCK_LEVEL_LABELS[level]}
        </Badge>
        <Text size="sm" c="dimmed">
          Low stock below {row.LowStockWarning} · critical at or below {row.CriticalStockWarning}
        </Text>
      </Group>
      <StockHistorySection projectId={projectId} partNumber={row.PartNumber} />
      <Holders projectId={projectId} partNumber={row.PartNumber} />
      <div>
        <Title order={5} mb={4}>
          Barcode
        </Title>
        <PartBarcode partNumber={row.PartNumber} partName={row.PartName} />
      </div>
      {canCurate && (
        <>
          <Divider />
          <Group gap="xs" wrap="wrap">
            <Button size="xs" color="red" variant="light" onClick={() => onOpen({ kind: 'lost', materialId: row.material_id })}>
              Mark Lost
            </Button>
            <Button size="xs" color="teal" variant="light" onClick={() => onOpen({ kind: 'found', materialId: row.material_id })}>
              Mark Found
            </Button>
            <Button size="xs" variant="default" onClick={() => onOpen({ kind: 'warnings', materialId: row.material_id })}>
              Stock Warnings
            </Button>
            <Button size="xs" variant="default" onClick={() => onOpen({ kind: 'logs', group: 'receive_return', search: row.PartNumber })}>
              Receive/Return Logs
            </Button>
            <Button size="xs" variant="default" onClick={() => onOpen({ kind: 'logs', group: 'assign_unassign', search: row.PartNumber })}>
              Assign/Unassign Logs
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function StockHistorySection({ projectId, partNumber }: { projectId: string; partNumber: string }) {
  const onHand = useExplainFigureQuery({ projectId, number: partNumber, figure: 'on_hand' });
  const field = useExplainFigureQuery({ projectId, number: partNumber, figure: 'field_assigned' });
  const lost = useExplainFigureQuery({ projectId, number: partNumber, figure: 'lost' });
  const loading = onHand.isLoading || field.isLoading || lost.isLoading;
  const failed = onHand.isError || field.isError || lost.isError;
  const points = onHand.data && field.data && lost.data ? stockHistory({ onHand: onHand.data.items, field: field.data.items, lost: lost.data.items }) : [];

  return (
    <div>
      <Title order={5} mb={4}>
        Stock over time
      </Title>
      {loading ? (
        <ChartPlaceholder>
          <Loader size="sm" />
        </ChartPlaceholder>
      ) : failed || points.length === 0 ? (
        <ChartPlaceholder>
          <Text size="sm" c="dimmed">
            {failed ? ITEM_INFO_FAILED : 'No movements yet'}
          </Text>
        </ChartPlaceholder>
      ) : (
        <Suspense
          fallback={
            <ChartPlaceholder>
              <Loader size="sm" />
            </ChartPlaceholder>
          }
        >
          <StockChart points={points} />
        </Suspense>
      )}
    </div>
  );
}

function ChartPlaceholder({ children }: { children: ReactNode }) {
  return <Center h={220}>{children}</Center>;
}

function Holders({ projectId, partNumber }: { projectId: string; partNumber: string }) {
  const { data = [], isLoading, isError } = useGetAssigneesQuery({ projectId, number: partNumber });
  return (
    <div>
      <Group gap="xs" mb={4}>
        <Title order={5}>Assigned to</Title>
        <AsOfNote queries={[{ url: 'api/materials/assignees', params: { project_id: projectId, number: partNumber } }]} />
      </Group>
      {isLoading ? (
        <Loader size="xs" />
      ) : isError ? (
        <Text size="sm" c="dimmed">
          Unable to load assignees for this item.
        </Text>
      ) : data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody has this part assigned.
        </Text>
      ) : (
        <Stack gap={2}>
          {data.map((holder) => (
            <Group key={holder.uuid} justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" truncate="end">
                {personName(holder)}{' '}
                <Text span size="xs" c="dimmed">
                  {holder.user_email}
                </Text>
              </Text>
              <Text size="sm" fw={600}>
                {holder.quantity}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </div>
  );
}

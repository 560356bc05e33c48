/**
 * Where a figure comes from: every movement that changed it, oldest first, with who did it and the
 * running balance after each, ending at the number shown on the dashboard.
 */
import { Alert, Center, Group, Loader, Text } from '@mantine/core';
import { messageOr } from '../../api/error-message.ts';
import { FIGURE_LABELS, type ExplainItem, type Figure } from '../../api/material-types.ts';
import { useExplainFigureQuery } from '../../api/materials-api.ts';
import { formatDateTime } from '../../shared/format.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { LogTypeBadge } from '../../components/log-table.tsx';
import { NoData } from '../../components/no-data.tsx';
import { usePhone } from '../../shared/use-phone.ts';
import { TwoLines, VirtualTable, type VirtualColumn } from '../../components/virtual-table.tsx';

/** The figure's movements could not be loaded (here and in Material Details, which reads the same query). */
export const ITEM_INFO_FAILED = 'Failed to fetch item info';

interface ExplainModalProps {
  projectId: string;
  partNumber: string;
  figure: Figure;
  onClose: () => void;
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '0');

const whoOf = (item: ExplainItem) => (item.associated ? `${item.by} · for ${item.associated}` : item.by);

const COLUMNS: VirtualColumn<ExplainItem>[] = [
  { key: 'date', header: 'Date', width: 180, render: (item) => formatDateTime(item.date) },
  { key: 'type', header: 'Type', width: 100, render: (item) => <LogTypeBadge type={item.type} /> },
  { key: 'amount', header: 'Amount', width: 90, align: 'right', render: (item) => signed(item.change) },
  {
    key: 'who',
    header: 'Who',
    render: whoOf,
    title: whoOf,
  },
  { key: 'balance', header: 'Balance', width: 90, align: 'right', render: (item) => <strong>{item.balance}</strong> },
];

// On a phone the date, type and who share a two-line column, beside the amount and balance.
const PHONE_COLUMNS: VirtualColumn<ExplainItem>[] = [
  {
    key: 'when',
    header: 'Movement',
    render: (item) => (
      <TwoLines
        main={formatDateTime(item.date)}
        sub={
          <Group gap={6} wrap="nowrap">
            <LogTypeBadge type={item.type} />
            <span>{whoOf(item)}</span>
          </Group>
        }
      />
    ),
    title: whoOf,
  },
  { ...COLUMNS[2]!, width: 64 },
  { ...COLUMNS[4]!, width: 68 },
];

export function ExplainModal({ projectId, partNumber, figure, onClose }: ExplainModalProps) {
  const { data, isLoading, error } = useExplainFigureQuery({ projectId, number: partNumber, figure });
  const label = FIGURE_LABELS[figure];
  const phone = usePhone();
  return (
    <AppModal opened onClose={onClose} title={`${label} of ${partNumber}`} size="xl">
      {isLoading ? (
        <Center p="lg">
          <Loader size="sm" />
        </Center>
      ) : error || !data ? (
        <Alert color="red">{messageOr(error, ITEM_INFO_FAILED)}</Alert>
      ) : (
        <>
          <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              Every movement that changed this number, oldest first.
            </Text>
            <Text fw={600}>
              {label} now: {data.current}
            </Text>
          </Group>
          {data.items.length === 0 ? (
            <NoData text="No movements have changed this number" />
          ) : (
            <VirtualTable
              ariaLabel={`Movements behind ${label}`}
              rows={data.items}
              columns={phone ? PHONE_COLUMNS : COLUMNS}
              rowKey={(item) => String(item.position)}
              rowHeight={phone ? 60 : 44}
              minWidth={phone ? 0 : 620}
              maxHeight="min(60dvh, 520px)"
            />
          )}
        </>
      )}
    </AppModal>
  );
}

/**
 * Where one catalogue part is held (Material Catalog): every project and warehouse with some of
 * it, with on hand, field assigned and lost there, and a warehouse's locations.
 */
import { Badge, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { messageOr } from '../../api/error-message.ts';
import type { CatalogPart } from '../../api/material-types.ts';
import { useGetPartHoldingsQuery } from '../../api/warehouses-api.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { NoData } from '../../components/no-data.tsx';

export const NOT_HELD_TEXT = 'No project or warehouse holds this part';

export function HoldingsDialog({ part, onClose }: { part: CatalogPart; onClose: () => void }) {
  const holdings = useGetPartHoldingsQuery(part.material_id, { refetchOnMountOrArgChange: true });
  const items = holdings.data?.items ?? [];
  const total = items.reduce((sum, h) => sum + h.qty_on_hand, 0);
  return (
    <AppModal opened onClose={onClose} title={`Where ${part.part_number} is held`} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {[part.part_name, part.part_nickname].filter(Boolean).join(' · ')}
        </Text>
        {holdings.isLoading ? (
          <Center p="lg">
            <Loader size="sm" />
          </Center>
        ) : holdings.error ? (
          <NoData text={messageOr(holdings.error, 'Failed to load where this part is held')} />
        ) : items.length === 0 ? (
          <NoData text={NOT_HELD_TEXT} />
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" aria-label="Holdings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Held by</Table.Th>
                  <Table.Th ta="right">On hand</Table.Th>
                  <Table.Th ta="right">Field assigned</Table.Th>
                  <Table.Th ta="right">Lost</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((h) => (
                  <Table.Tr key={`${h.kind}:${h.id}`} data-holder={h.label}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Badge tt="none" size="sm" variant="light" color={h.kind === 'warehouse' ? 'grape' : 'blue'}>
                          {h.kind === 'warehouse' ? 'Warehouse' : 'Project'}
                        </Badge>
                        <Text size="sm" fw={500}>
                          {h.label}
                        </Text>
                      </Group>
                      {h.locations.length > 0 && (
                        <Text size="xs" c="dimmed" mt={2}>
                          {h.locations.map((l) => `${l.label}: ${l.qty}`).join(' · ')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {h.qty_on_hand.toLocaleString()}
                    </Table.Td>
                    <Table.Td ta="right">{h.qty_field_assigned.toLocaleString()}</Table.Td>
                    <Table.Td ta="right">{h.qty_lost.toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {items.length > 0 && (
          <Text size="sm" c="dimmed">
            {total.toLocaleString()} on hand in all
          </Text>
        )}
      </Stack>
    </AppModal>
  );
}

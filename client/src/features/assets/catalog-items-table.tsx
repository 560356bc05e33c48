/**
 * The Catalog Items tab's table: number, name (and nickname), category, whether serials are
 * required, and for those who may change the catalogue Edit and Delete. On a phone one column
 * holds the item on two lines, so nothing hides off the right edge.
 */
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { usePhone } from '../../shared/use-phone.ts';
import type { AssetCatalogItem } from './asset-types.ts';

interface CatalogItemsTableProps {
  items: readonly AssetCatalogItem[];
  canEdit: boolean;
  onEdit: (item: AssetCatalogItem) => void;
  onDelete: (item: AssetCatalogItem) => void;
}

export function CatalogItemsTable({ items, canEdit, onEdit, onDelete }: CatalogItemsTableProps) {
  const phone = usePhone();
  const buttons = (i: AssetCatalogItem) =>
    canEdit && <RowButtons name={i.asset_number} onEdit={() => onEdit(i)} onDelete={() => onDelete(i)} vertical={phone} />;
  if (phone) {
    return (
      <Table verticalSpacing="xs" aria-label="Catalog items" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Asset</Table.Th>
            {canEdit && <Table.Th w={84} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" fw={600}>
                  {i.asset_number} · {i.asset_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {i.category_name} · {i.category_kind === 'bulk' ? 'bulk' : i.serial_required ? 'serial required' : 'serial optional'}
                </Text>
              </Table.Td>
              {canEdit && <Table.Td ta="right">{buttons(i)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Table.ScrollContainer minWidth={canEdit ? 720 : 560}>
      <Table verticalSpacing="xs" aria-label="Catalog items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Asset Number</Table.Th>
            <Table.Th>Asset Name</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Serial Required</Table.Th>
            {canEdit && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td fw={600}>{i.asset_number}</Table.Td>
              <Table.Td>
                {i.asset_name}
                {i.asset_nickname ? <Text span c="dimmed" size="sm">{` · ${i.asset_nickname}`}</Text> : null}
              </Table.Td>
              <Table.Td>{i.category_name || '—'}</Table.Td>
              <Table.Td>{i.serial_required ? 'Yes' : 'No'}</Table.Td>
              {canEdit && <Table.Td ta="right">{buttons(i)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function RowButtons({ name, onEdit, onDelete, vertical = false }: { name: string; onEdit: () => void; onDelete: () => void; vertical?: boolean }) {
  const edit = (
    <Button size="compact-sm" variant="light" onClick={onEdit} aria-label={`Edit ${name}`}>
      Edit
    </Button>
  );
  const remove = (
    <Button size="compact-sm" variant="light" color="red" onClick={onDelete} aria-label={`Delete ${name}`}>
      Delete
    </Button>
  );
  return vertical ? (
    <Stack gap={4} align="flex-end">
      {edit}
      {remove}
    </Stack>
  ) : (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {edit}
      {remove}
    </Group>
  );
}

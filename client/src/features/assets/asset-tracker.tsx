/**
 * The asset tracker (spec 02 §2.4 "asset tracker (location lookup)"): find an instance by serial
 * number, asset number or id and see where it is (warehouse or project) and who has it. An id
 * (32 to 36 characters, spec 02 §5) is looked up directly; anything else is searched.
 */
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { looksLikeInstanceId } from '@contract/assets.ts';
import { ASSET_MESSAGES } from '@contract/messages/assets.ts';
import { messageOr } from '../../api/error-message.ts';
import { warehouseLabel } from '../../api/warehouse-types.ts';
import { personName } from '../../shared/format.ts';
import { MIN_SEARCH_LENGTH } from '../../shared/search-term.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { useLocateAssetQuery, useSearchAssetsQuery } from './assets-api.ts';
import { STATUS_COLORS, statusLabel } from './asset-table-model.ts';
import { instanceLabel } from './instance-label.ts';
import { ASSET_SEARCH_DEBOUNCE_MS, ASSET_SEARCH_LIMIT } from './instance-search-picker.tsx';

export function AssetTrackerDialog({ initialId, onClose }: { initialId: string | null; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(initialId);
  const [q] = useDebouncedValue(search.trim(), ASSET_SEARCH_DEBOUNCE_MS);
  const direct = looksLikeInstanceId(q);
  const found = useSearchAssetsQuery(!direct && q.length >= MIN_SEARCH_LENGTH ? { q, limit: ASSET_SEARCH_LIMIT } : skipToken);
  const target = direct ? q : chosen;
  return (
    <AppModal opened onClose={onClose} title="Asset Tracker" size="lg">
      <Stack gap="md">
        <TextInput
          label="Find an asset"
          placeholder="Serial number, asset number or id"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setChosen(null);
          }}
          data-autofocus
        />
        {!direct && q.length >= MIN_SEARCH_LENGTH && !chosen && (
          <Stack gap={4} role="group" aria-label="Matching assets">
            {found.isFetching && !found.data ? (
              <Loader size="xs" />
            ) : (found.data ?? []).length === 0 ? (
              <Text c="dimmed" size="sm">
                No assets match
              </Text>
            ) : (
              (found.data ?? []).map((i) => (
                <Button key={i.id} variant="subtle" justify="flex-start" onClick={() => setChosen(i.id)} styles={{ label: { whiteSpace: 'normal' } }}>
                  {instanceLabel(i)}
                </Button>
              ))
            )}
          </Stack>
        )}
        {target && <AssetWhereabouts id={target} />}
      </Stack>
    </AppModal>
  );
}

function AssetWhereabouts({ id }: { id: string }) {
  const where = useLocateAssetQuery(id);
  if (where.isLoading) {
    return (
      <Center p="md">
        <Loader size="sm" />
      </Center>
    );
  }
  if (where.error || !where.data) {
    const missing = where.error && 'status' in where.error && where.error.status === 404;
    return (
      <Alert color="red" role="alert">
        {missing ? ASSET_MESSAGES.locationNotFound : messageOr(where.error, 'Failed to locate asset')}
      </Alert>
    );
  }
  const { instance, warehouse, project, assignedUser } = where.data;
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Asset location" component="section">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Text fw={600}>{instanceLabel(instance)}</Text>
        <Badge color={STATUS_COLORS[instance.Status]} variant="light" tt="none">
          {statusLabel(instance.Status)}
        </Badge>
      </Group>
      <Table variant="vertical" layout="fixed">
        <Table.Tbody>
          <Row
            label="Where"
            value={project ? `Project ${project.project_number} · ${project.project_name}` : warehouse ? `Warehouse ${warehouseLabel(warehouse)}` : '—'}
          />
          {project && warehouse && <Row label="Parent warehouse" value={warehouseLabel(warehouse)} />}
          <Row label="Who has it" value={assignedUser ? `${personName(assignedUser)} (${assignedUser.user_email})` : 'Nobody: not in use'} />
          <Row label="Condition" value={instance.condition} />
          <Row label="Instance id" value={instance.id} />
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th w={150}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
    </Table.Tr>
  );
}

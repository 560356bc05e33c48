/**
 * The pieces every log screen is built of (Project Logs, the warehouse logs of both modes, Asset Logs):
 * the type chips, the search row with its "Updating" spinner and CSV export, the panel around them,
 * and what shows instead of the rows while they load or when they fail.
 */
import { Button, Center, Chip, Group, Loader, Paper, Stack, TextInput, type ChipProps } from '@mantine/core';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import { messageOr } from '../api/error-message.ts';
import { MAX_LENGTH } from '../shared/field-limits.ts';
import { NoData } from './no-data.tsx';
import type { WarehouseChoice } from './warehouse-select.tsx';
import { FETCH_LOGS_FAILED, LOAD_WAREHOUSES_FAILED, NO_WAREHOUSES_YET } from '../shared/messages.ts';

/** One type at a time ("All" among them), as chips. */
export function LogTypeChips<T extends string>({
  types,
  value,
  onChange,
  size,
}: {
  types: readonly T[];
  value: T;
  onChange: (type: T) => void;
  size?: ChipProps['size'];
}) {
  return (
    <Chip.Group multiple={false} value={value} onChange={(v) => onChange(v as T)}>
      <Group gap="xs" role="group" aria-label="Types">
        {types.map((t) => (
          <Chip key={t} value={t} size={size}>
            {t}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

interface LogsSearchProps {
  placeholder: string;
  search: string;
  onSearch: (search: string) => void;
  /** A refetch is under way while the rows shown stay. */
  updating: boolean;
  onExport: () => void;
  exportDisabled?: boolean;
  /** Further filters, before the search. */
  children?: ReactNode;
}

export function LogsSearch({ placeholder, search, onSearch, updating, onExport, exportDisabled, children }: LogsSearchProps) {
  return (
    <Group gap="sm" wrap="wrap" align="center">
      {children}
      <TextInput
        aria-label="Search logs"
        maxLength={MAX_LENGTH.search}
        placeholder={placeholder}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        style={{ flex: 1, minWidth: 200 }}
      />
      {updating && <Loader size="xs" aria-label="Updating" />}
      <Button variant="default" disabled={exportDisabled} onClick={onExport}>
        Export CSV
      </Button>
    </Group>
  );
}

/** The bordered panel a log page's filters sit in. */
export function LogsPanel({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/**
 * The rows once they are there; before, a spinner or the error. On a warehouse's log the
 * warehouses must load first, and there may be none.
 */
export function LogsResult({
  choice,
  logs,
  children,
}: {
  choice?: WarehouseChoice;
  logs: { isLoading: boolean; error?: FetchBaseQueryError | SerializedError };
  children: ReactNode;
}) {
  if (choice?.list.isError) return <NoData text={messageOr(choice.list.error, LOAD_WAREHOUSES_FAILED)} />;
  if (choice && !choice.chosen) return <NoData text={choice.list.isLoading ? 'Loading…' : NO_WAREHOUSES_YET} />;
  if (logs.isLoading) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  if (logs.error) return <NoData text={messageOr(logs.error, FETCH_LOGS_FAILED)} />;
  return children;
}

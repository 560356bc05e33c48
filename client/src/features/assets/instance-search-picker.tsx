/**
 * Picks an asset instance anywhere by serial number, asset number or name, searched on the server
 * (spec 02 §9: from two characters, 300 ms debounce, 20 results).
 */
import { Select, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { MIN_SEARCH_LENGTH } from '../../shared/search-term.ts';
import { useSearchAssetsQuery } from './assets-api.ts';
import type { AssetInstance } from './asset-types.ts';
import { instanceLabel } from './instance-label.ts';
import { TYPE_TWO_CHARACTERS } from '../../shared/messages.ts';

export const ASSET_SEARCH_DEBOUNCE_MS = 300;
export const ASSET_SEARCH_LIMIT = 20;

// The server has filtered already: filtering again by label would hide matches on the id.
const serverFiltered: OptionsFilter = ({ options }) => options;

interface InstanceSearchPickerProps {
  label: string;
  value: AssetInstance | null;
  onChange: (instance: AssetInstance | null) => void;
  error?: string;
  /** Leaves out instances that cannot be chosen here (e.g. those already in the receiving place). */
  exclude?: (instance: AssetInstance) => boolean;
}

export function InstanceSearchPicker({ label, value, onChange, error, exclude }: InstanceSearchPickerProps) {
  const [search, setSearch] = useState('');
  const typed = value && search === instanceLabel(value) ? '' : search.trim();
  const [q] = useDebouncedValue(typed, ASSET_SEARCH_DEBOUNCE_MS);
  const found = useSearchAssetsQuery(q.length >= MIN_SEARCH_LENGTH ? { q, limit: ASSET_SEARCH_LIMIT } : skipToken);
  const listed = (found.data ?? []).filter((i) => !exclude?.(i));
  const options = [...listed, ...(value && !listed.some((i) => i.id === value.id) ? [value] : [])];
  return (
    <Select
      label={label}
      placeholder="Search serial number, asset number or name"
      data={options.map((i) => ({ value: i.id, label: instanceLabel(i) }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(options.find((i) => i.id === id) ?? null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      nothingFoundMessage={typed.length < MIN_SEARCH_LENGTH ? TYPE_TWO_CHARACTERS : found.isFetching ? 'Loading...' : 'No asset instances match'}
      error={error}
    />
  );
}

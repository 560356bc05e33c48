/**
 * Pickers of existing users, searched on the server (GET /api/users, from two characters).
 * Members of the project at hand are left out, so only users who can still be added are offered.
 */
import { MultiSelect, Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS, searchTerm } from '../shared/search-term.ts';
import { MATCH_HINT_VALUE, matchCountHint } from './match-count-hint.ts';
import { personName } from '../api/user-types.ts';
import { useListUsersQuery } from '../api/users-api.ts';
import { LIST_USERS_FAILED } from '../shared/messages.ts';

const PICKER_SIZE = 50;

// The server has filtered already; filtering again by label would hide matches on e-mail parts.
const serverFiltered: OptionsFilter = ({ options }) => options;

function useUserOptions(search: string, exclude: ReadonlySet<string>) {
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const { data, isFetching, isError } = useListUsersQuery({
    q: searchTerm(debounced),
    page: 1,
    page_size: PICKER_SIZE,
  });
  const options: ComboboxItem[] = (data?.items ?? [])
    .filter((u) => !exclude.has(u.id))
    .map((u) => ({ value: u.id, label: `${personName(u)} (${u.user_email})` }));
  const hint = data ? matchCountHint(data.items.length, data.total, PICKER_SIZE) : null;
  // A first line that cannot be chosen says the list is cut, so a missing name is searched for.
  if (hint) options.unshift({ value: MATCH_HINT_VALUE, label: hint, disabled: true });
  return { options, isFetching, isError };
}

function nothingFound(isFetching: boolean, isError: boolean): string {
  if (isFetching) return 'Loading...';
  return isError ? LIST_USERS_FAILED : 'No users to add';
}

interface UserMultiPickerProps {
  value: string[];
  onChange: (ids: string[]) => void;
  exclude: ReadonlySet<string>;
  label?: string;
}

export function UserMultiPicker({ value, onChange, exclude, label = 'Users' }: UserMultiPickerProps) {
  const [search, setSearch] = useState('');
  // Labels of picked users, kept so a chip still reads right after the search has moved on.
  const [picked, setPicked] = useState<Record<string, string>>({});
  const { options, isFetching, isError } = useUserOptions(search, exclude);
  const listed = new Set(options.map((o) => o.value));
  const data = [...options, ...value.filter((id) => !listed.has(id)).map((id) => ({ value: id, label: picked[id] ?? id }))];

  return (
    <MultiSelect
      label={label}
      placeholder="Search users by name or email"
      data={data}
      value={value}
      onChange={(ids) => {
        const labels = { ...picked };
        for (const option of options) labels[option.value] = option.label;
        setPicked(labels);
        onChange(ids);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      nothingFoundMessage={nothingFound(isFetching, isError)}
      data-autofocus
    />
  );
}

interface UserPickerProps {
  value: string | null;
  onChange: (id: string | null) => void;
  exclude: ReadonlySet<string>;
  disabled?: boolean;
  placeholder?: string;
}

export function UserPicker({ value, onChange, exclude, disabled, placeholder }: UserPickerProps) {
  const [search, setSearch] = useState('');
  const [pickedLabel, setPickedLabel] = useState<string | null>(null);
  const { options, isFetching, isError } = useUserOptions(
    // Once a user is chosen the box shows their label; that is not a new search.
    search === pickedLabel ? '' : search,
    exclude,
  );
  const data = value && !options.some((o) => o.value === value) ? [...options, { value, label: pickedLabel ?? value }] : options;

  return (
    <Select
      label="User"
      placeholder={placeholder ?? 'Search users by name or email'}
      data={data}
      value={value}
      onChange={(id, option) => {
        setPickedLabel(option?.label ?? null);
        onChange(id);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      nothingFoundMessage={nothingFound(isFetching, isError)}
      disabled={disabled}
    />
  );
}

/**
 * Type a part number or pick from the suggestions (number, name and nickname; the exact part number
 * first, then numbers starting with the text; at most 25, with a first line saying how many match
 * in all). The value is the typed text, so a number can also be entered directly; the wizard checks
 * it on Next.
 */
import { Autocomplete, Text, type ComboboxItem, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';
import { matchesAllWords } from '../shared/search-term.ts';
import { useMemo } from 'react';
import { MATCH_HINT_VALUE, matchCountHint } from './match-count-hint.ts';
import { byPartNumberRank, matchingParts, type PartChoice } from './part-search.ts';

interface PartPickerProps {
  label: string;
  parts: readonly PartChoice[];
  value: string;
  onChange: (value: string) => void;
  error?: string | boolean;
  description?: string;
}

// Suggestions are matched on name and nickname too, which Mantine's own filter (on the value) would drop.
const keepAll: OptionsFilter = ({ options }) => options;

/** The part number a Select option's label starts with ("BRK-013 · Breaker 10 A"). */
const leadingNumber = (option: ComboboxItem) => option.label.split(/\s/, 1)[0] ?? '';

/**
 * For a searchable Select of parts: options whose label has every typed word, the exact part number
 * first, cut at the limit, with a first unselectable line saying how many match in all.
 */
export const limitWithHint: OptionsFilter = ({ options, search, limit }) => {
  const matches = options.filter((o): o is ComboboxItem => 'value' in o && matchesAllWords([o.label], search));
  const items = byPartNumberRank(matches, search, leadingNumber);
  const hint = matchCountHint(Math.min(items.length, limit), items.length);
  const shown: ComboboxParsedItem[] = items.slice(0, limit);
  return hint ? [{ value: MATCH_HINT_VALUE, label: hint, disabled: true }, ...shown] : shown;
};

export function PartPicker({ label, parts, value, onChange, error, description }: PartPickerProps) {
  const byNumber = useMemo(() => new Map(parts.map((p) => [p.part_number, p])), [parts]);
  const matches = matchingParts(parts, value);
  const hint = matchCountHint(matches.items.length, matches.total);
  // The count goes first: at the end of a long list it would be out of sight.
  const suggestions = [...(hint ? [{ value: MATCH_HINT_VALUE, label: hint, disabled: true }] : []), ...matches.items.map((p) => p.part_number)];

  return (
    <Autocomplete
      label={label}
      placeholder="Type or choose a part number"
      data={suggestions}
      value={value}
      onChange={onChange}
      filter={keepAll}
      error={error}
      description={description}
      maxDropdownHeight={260}
      renderOption={({ option }: { option: ComboboxItem | { value: string } }) => {
        if (option.value === MATCH_HINT_VALUE) {
          return (
            <Text size="xs" c="dimmed" fs="italic">
              {hint}
            </Text>
          );
        }
        const part = byNumber.get(option.value);
        return (
          <div>
            <Text size="sm" fw={600}>
              {option.value}
            </Text>
            {part && (
              <Text size="xs" c="dimmed">
                {part.part_name}
                {part.part_nickname && part.part_nickname !== part.part_name ? ` · ${part.part_nickname}` : ''}
              </Text>
            )}
          </div>
        );
      }}
    />
  );
}

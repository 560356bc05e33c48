/**
 * Type a part number or pick from the suggestions (number, name and nickname; at most 25). The
 * value is the typed text, so a number can also be entered directly; the wizard checks it on Next.
 */
import { Autocomplete, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useMemo } from 'react';
import { matchingParts, type PartChoice } from './part-search.ts';

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

export function PartPicker({ label, parts, value, onChange, error, description }: PartPickerProps) {
  const byNumber = useMemo(() => new Map(parts.map((p) => [p.part_number, p])), [parts]);
  const exact = byNumber.has(value.trim());
  // Once a part is chosen, its number is the text; all parts stay on offer to choose another.
  const suggestions = matchingParts(parts, exact ? '' : value).map((p) => p.part_number);

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

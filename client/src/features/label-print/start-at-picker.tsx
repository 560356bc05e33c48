/**
 * "Start at label N" for a partly used sheet: a small picture of the sheet where the person clicks
 * the first free label (the ones before it are shown as used), and the number itself.
 */
import { Box, Group, NumberInput, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Entry } from './medium-draft.ts';

/** Sheets with more labels than this get the number box only: the picture would be unreadable. */
export const GRID_MAX_LABELS = 120;

interface StartAtPickerProps {
  rows: number;
  columns: number;
  value: Entry;
  error?: string | null;
  onChange: (value: Entry) => void;
}

export function StartAtPicker({ rows, columns, value, error, onChange }: StartAtPickerProps) {
  const perSheet = rows * columns;
  const startAt = typeof value === 'number' ? value : Number(value) || 1;
  return (
    <Stack gap={6}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <NumberInput
          label="Start at label"
          description={`For a partly used sheet: 1 to ${perSheet}, counted across then down.`}
          size="xs"
          min={1}
          max={perSheet}
          allowDecimal={false}
          value={value}
          error={error}
          onChange={onChange}
          w={200}
        />
        {perSheet <= GRID_MAX_LABELS && (
          <Box
            role="group"
            aria-label="Sheet positions"
            style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(10px, 28px))`, gap: 2, width: 'fit-content' }}
          >
            {Array.from({ length: perSheet }, (_, i) => {
              const position = i + 1;
              const used = position < startAt;
              const first = position === startAt;
              return (
                <UnstyledButton
                  key={position}
                  aria-label={`Start at label ${position}`}
                  aria-pressed={first}
                  title={`Label ${position}`}
                  onClick={() => onChange(position)}
                  style={{
                    height: Math.max(8, Math.min(16, 160 / rows)),
                    borderRadius: 2,
                    border: `1px solid ${first ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-4)'}`,
                    background: first ? 'var(--mantine-color-blue-6)' : used ? 'var(--mantine-color-gray-3)' : 'var(--mantine-color-body)',
                  }}
                />
              );
            })}
          </Box>
        )}
      </Group>
      {startAt > 1 && startAt <= perSheet && (
        <Text size="xs" c="dimmed">
          Labels 1 to {startAt - 1} of the first sheet are left blank.
        </Text>
      )}
    </Stack>
  );
}

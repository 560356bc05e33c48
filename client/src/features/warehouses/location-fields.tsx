/** The five boxes of a warehouse location (spec 02 §2.4): rack, shelf, bin, zone and notes. */
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { LOCATION_FIELDS, LOCATION_LABELS, type LocationValues } from './location.ts';

interface LocationFieldsProps {
  values: LocationValues;
  onChange: (values: LocationValues) => void;
  error?: string | boolean;
  /** Prefix of the boxes' labels, e.g. "New" for the relocate wizard. */
  prefix?: string;
}

export function LocationFields({ values, onChange, error, prefix }: LocationFieldsProps) {
  const label = (text: string) => (prefix ? `${prefix} ${text.toLowerCase()}` : text);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
        {LOCATION_FIELDS.map((field) => (
          <TextInput
            key={field}
            label={label(LOCATION_LABELS[field])}
            value={values[field]}
            onChange={(e) => onChange({ ...values, [field]: e.currentTarget.value })}
            error={Boolean(error)}
          />
        ))}
      </SimpleGrid>
      <TextInput label={label('Notes')} value={values.notes} onChange={(e) => onChange({ ...values, notes: e.currentTarget.value })} />
      {typeof error === 'string' && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

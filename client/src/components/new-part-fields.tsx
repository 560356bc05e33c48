/** The three fields that define a part received for the first time (the dashboard's and the warehouse's receive). */
import { SimpleGrid, TextInput } from '@mantine/core';

export interface NewPart {
  partNumber: string;
  partName: string;
  nickname: string;
}

interface NewPartFieldsProps {
  values: NewPart;
  /** A message, or `true` to mark the field without one. */
  errors: Partial<Record<keyof NewPart, string | true>>;
  onChange: (patch: Partial<NewPart>) => void;
}

export function NewPartFields({ values, errors, onChange }: NewPartFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <TextInput
        label="Part Number"
        required
        value={values.partNumber}
        onChange={(e) => onChange({ partNumber: e.currentTarget.value })}
        error={errors.partNumber}
      />
      <TextInput label="Part Name" required value={values.partName} onChange={(e) => onChange({ partName: e.currentTarget.value })} error={errors.partName} />
      <TextInput label="Nickname" required value={values.nickname} onChange={(e) => onChange({ nickname: e.currentTarget.value })} error={errors.nickname} />
    </SimpleGrid>
  );
}

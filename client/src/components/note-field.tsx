/** The optional note of a lost or found report (materials and assets alike): grows with its text up to eight rows. */
import { Textarea } from '@mantine/core';

export function NoteField({ value, onChange, error }: { value: string; onChange: (note: string) => void; error?: string | true }) {
  return (
    <Textarea
      label="Note"
      placeholder="Optional"
      autosize
      minRows={2}
      maxRows={8}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}

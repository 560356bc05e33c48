/**
 * The inventory's point in time: "As of" an instant shows the stock as it stood then (by when
 * things happened, so a correction dated last week counts from last week on), "As known on" shows
 * it as the ledger knew it on that day (by when things were recorded, so a correction entered
 * later does not). Both empty is today's stock.
 */
import { Button, Group, Text, TextInput } from '@mantine/core';

export interface PointInTime {
  /** datetime-local values in the browser's time zone; '' for none. */
  asOf: string;
  asKnownOn: string;
}

export const NOW: PointInTime = { asOf: '', asKnownOn: '' };

/** The instant of a datetime-local value, or null when empty or unreadable. */
export function instantOf(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const isPast = (point: PointInTime) => instantOf(point.asOf) !== null || instantOf(point.asKnownOn) !== null;

/** What the table shows, in words. */
export function pointInTimeLabel(point: PointInTime): string | null {
  const asOf = instantOf(point.asOf);
  const knownOn = instantOf(point.asKnownOn);
  if (!asOf && !knownOn) return null;
  const when = (iso: string) => new Date(iso).toLocaleString();
  if (asOf && knownOn) return `Stock as of ${when(asOf)}, as known on ${when(knownOn)}`;
  if (asOf) return `Stock as of ${when(asOf)}`;
  return `Stock as known on ${when(knownOn!)}`;
}

export function PointInTimeControl({ value, onChange }: { value: PointInTime; onChange: (value: PointInTime) => void }) {
  const label = pointInTimeLabel(value);
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        label="As of"
        description="What was true then"
        type="datetime-local"
        step={1}
        size="xs"
        value={value.asOf}
        onChange={(e) => onChange({ ...value, asOf: e.currentTarget.value })}
      />
      <TextInput
        label="As known on"
        description="What the ledger knew then"
        type="datetime-local"
        step={1}
        size="xs"
        value={value.asKnownOn}
        onChange={(e) => onChange({ ...value, asKnownOn: e.currentTarget.value })}
      />
      {label && (
        <>
          <Button size="xs" variant="default" onClick={() => onChange(NOW)}>
            Now
          </Button>
          <Text size="sm" fw={500} c="blue.8" role="status">
            {label}
          </Text>
        </>
      )}
    </Group>
  );
}

/** One fact of a details block: a small uppercase label over its value (a warehouse, a project, an asset). */
import { Text } from '@mantine/core';

/** `wrap` lets a long unbroken value (a part number, a serial) break anywhere rather than widen its column. */
export function DetailField({ label, value, wrap = false }: { label: string; value: string; wrap?: boolean }) {
  return (
    <div style={wrap ? { minWidth: 0 } : undefined}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500} style={wrap ? { overflowWrap: 'anywhere' } : undefined}>
        {value}
      </Text>
    </div>
  );
}

/**
 * The buttons of a tall dialog, held at the bottom of the window while its body scrolls under
 * them: Save and Cancel stay in reach however long the form grows. Beside them, the reason the
 * main button cannot act yet, or the error of its last try.
 */
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const PADDING = 'var(--mb-padding, var(--mantine-spacing-md))';

export function DialogFooter({ reason, error, children }: { reason?: string | null; error?: string | null; children: ReactNode }) {
  return (
    <Group
      justify="space-between"
      gap="sm"
      wrap="nowrap"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 3,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-default-border)',
        margin: `0 calc(-1 * ${PADDING}) calc(-1 * ${PADDING})`,
        padding: `var(--mantine-spacing-sm) ${PADDING}`,
      }}
    >
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : (
        <Text c="dimmed" size="sm">
          {reason}
        </Text>
      )}
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        {children}
      </Group>
    </Group>
  );
}

/** The generic confirm dialog of spec 02 §2.1: "Are you sure?" with Confirm and Cancel. */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppModal } from './app-modal.tsx';

interface ConfirmDialogProps {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  title?: string;
  message?: ReactNode;
  confirmLabel?: string;
  /** Red for destructive actions. */
  color?: string;
  loading?: boolean;
}

export function ConfirmDialog({
  opened,
  onConfirm,
  onCancel,
  title = 'Are you sure?',
  message,
  confirmLabel = 'Confirm',
  color,
  loading = false,
}: ConfirmDialogProps) {
  return (
    <AppModal opened={opened} onClose={onCancel} title={title} size="md" compact>
      <Stack gap="md">
        {message && <Text size="sm">{message}</Text>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

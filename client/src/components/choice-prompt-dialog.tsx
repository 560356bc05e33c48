/**
 * Asks for one value from a short list (a role for the selected users) and hands it back.
 * The choice starts empty so nobody applies a role by pressing Enter too early; the form lives
 * inside the modal, which unmounts it on close, so every opening starts fresh.
 */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from './app-modal.tsx';

export interface Choice {
  value: string;
  label: string;
}

interface ChoicePromptDialogProps {
  opened: boolean;
  title: string;
  message?: string;
  label: string;
  choices: readonly Choice[];
  confirmLabel: string;
  loading?: boolean;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}

export function ChoicePromptDialog({ opened, title, onCancel, ...form }: ChoicePromptDialogProps) {
  return (
    <AppModal opened={opened} onClose={onCancel} title={title} size="md" compact>
      <ChoiceForm onCancel={onCancel} {...form} />
    </AppModal>
  );
}

function ChoiceForm({ message, label, choices, confirmLabel, loading = false, onSubmit, onCancel }: Omit<ChoicePromptDialogProps, 'opened' | 'title'>) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Stack gap="md">
      {message && <Text size="sm">{message}</Text>}
      <Select
        label={label}
        placeholder="Choose…"
        data={choices.map((c) => ({ value: c.value, label: c.label }))}
        value={value}
        onChange={setValue}
        allowDeselect={false}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
        <Button
          disabled={value === null}
          loading={loading}
          onClick={() => {
            if (value !== null) onSubmit(value);
          }}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}

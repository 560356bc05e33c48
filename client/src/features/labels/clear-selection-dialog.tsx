/** After an export (spec 02 §2.10): clear the selection and return its labels to the main table, or keep it. */
import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../../components/app-modal.tsx';

export function ClearSelectionDialog({ opened, onClear, onKeep }: { opened: boolean; onClear: () => void; onKeep: () => void }) {
  return (
    <AppModal opened={opened} onClose={onKeep} title="Clear Selection?" size="md" compact>
      <Stack gap="md">
        <Text size="sm">Do you want to clear your selection and restore all labels to the main table?</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep}>
            Keep selection
          </Button>
          <Button onClick={onClear}>Clear selection</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

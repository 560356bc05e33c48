/** The empty-body text used across tables and pages (spec 01 §2: "No data to display"). */
import { Paper, Text } from '@mantine/core';

export const NO_DATA_TEXT = 'No data to display';

export function NoData({ text = NO_DATA_TEXT }: { text?: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Text c="dimmed" ta="center">
        {text}
      </Text>
    </Paper>
  );
}

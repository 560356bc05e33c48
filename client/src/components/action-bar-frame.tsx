/** The frame of an action bar (the project's and the warehouse's): a titled section, its buttons two to a row on a phone. */
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function ActionBarFrame({ title, phone, children }: { title: string; phone: boolean; children: ReactNode }) {
  const heading = (
    <Text fw={600} size="sm" mr="xs">
      {title}
    </Text>
  );
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title}>
      {phone ? (
        <Stack gap="xs">
          {heading}
          <SimpleGrid cols={2} spacing="xs">
            {children}
          </SimpleGrid>
        </Stack>
      ) : (
        <Group gap="sm" wrap="wrap">
          {heading}
          {children}
        </Group>
      )}
    </Paper>
  );
}

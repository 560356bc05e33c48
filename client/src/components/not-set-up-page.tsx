/**
 * A screen of the product that this site does not have yet (requests, transfers, warehouses,
 * assets, labels). It says so plainly, so nobody reads an empty table as "we have nothing".
 */
import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';

export const NOT_SET_UP_TEXT = 'This part of the product is not set up on this site yet.';

export function NotSetUp({ what }: { what?: string }) {
  return (
    <Paper withBorder radius="md" p="xl" data-not-set-up>
      <Stack gap={4} align="center" ta="center">
        <Text fw={600}>{NOT_SET_UP_TEXT}</Text>
        <Text size="sm" c="dimmed">
          {what ? `${what} cannot be recorded here yet. ` : ''}Materials, their logs and the bulk upload are ready to use.
        </Text>
      </Stack>
    </Paper>
  );
}

export function NotSetUpPage({ title, what, aside }: { title: string; what?: string; aside?: ReactNode }) {
  return (
    <>
      <PageHeader title={title}>{aside}</PageHeader>
      <NotSetUp what={what} />
    </>
  );
}

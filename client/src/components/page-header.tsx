/** Title row of a page; also names the browser tab after the page. */
import { Group, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from './logo.tsx';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="sm">
      <Title order={2}>{title}</Title>
      {children}
    </Group>
  );
}

/** /home: the welcome page for visitors who are not signed in (spec 01 §2, spec 02 §2.1). */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../components/logo.tsx';
import { PublicFrame } from '../../components/public-frame.tsx';

export function HomePage() {
  useDocumentTitle(PRODUCT_NAME);
  return (
    <PublicFrame size={560}>
      <Paper withBorder radius="md" p="xl" shadow="sm">
        <Stack align="center" gap="md" ta="center">
          <Title order={1}>Welcome to {PRODUCT_NAME}</Title>
          <Text c="dimmed">Track materials and assets across projects and warehouses, and manage labels.</Text>
          <Button component={Link} to="/login" size="md">
            Login
          </Button>
        </Stack>
      </Paper>
    </PublicFrame>
  );
}

/** /maintenance: where non-superadmins land while maintenance mode is on (spec 02 §2.8, §4.3). */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../components/logo.tsx';
import { PublicFrame } from '../../components/public-frame.tsx';

export function MaintenancePage() {
  useDocumentTitle(`Maintenance · ${PRODUCT_NAME}`);
  return (
    <PublicFrame size={560}>
      <Paper withBorder radius="md" p="xl" shadow="sm">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2}>The site is currently under maintenance</Title>
          <Text c="dimmed">Please try again later. If you are a superadmin, you can still access the dashboard to manage settings.</Text>
          <Anchor component={Link} to="/dashboard">
            Go to dashboard
          </Anchor>
        </Stack>
      </Paper>
    </PublicFrame>
  );
}

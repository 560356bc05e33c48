/**
 * /dashboard: the selected project's inventory (spec 01 §2). Until the project picker and the
 * inventory endpoints exist it shows the selected project, if any, and the empty-table text.
 */
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useAppSelector } from '../../app/hooks.ts';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { selectCurrentProject } from '../session/session-selectors.ts';

export function DashboardPage() {
  const project = useAppSelector(selectCurrentProject);

  return (
    <>
      <PageHeader title="Project Inventory" />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          {project ? (
            <Group gap="xl" wrap="wrap">
              <Field label="Project" value={project.project_name} />
              <Field label="Customer" value={project.project_customer ?? '—'} />
              <Field label="Number" value={project.project_number} />
            </Group>
          ) : (
            <Text c="dimmed">No project selected</Text>
          )}
        </Paper>
        <NoData />
      </Stack>
    </>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}

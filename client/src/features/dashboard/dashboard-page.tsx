/**
 * /dashboard: the selected project's inventory (spec 01 §2). The header holds the project picker,
 * the selected project's name, customer and number, and Manage Project; the inventory table
 * below keeps the empty-table text until its endpoints exist.
 */
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useAppSelector } from '../../app/hooks.ts';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ManageProjectButton } from '../projects/manage-project-button.tsx';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { useCurrentProjectSync } from '../projects/use-current-project-sync.ts';
import { selectCurrentProject } from '../session/session-selectors.ts';

export function DashboardPage() {
  const project = useAppSelector(selectCurrentProject);
  useCurrentProjectSync();

  return (
    <>
      <PageHeader title="Project Inventory">
        <Group gap="sm" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
          <ProjectPicker />
          <ManageProjectButton />
        </Group>
      </PageHeader>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          {project ? (
            <Group gap="xl" wrap="wrap">
              <Field label="Project" value={project.project_name} />
              <Field label="Customer" value={project.project_customer || '—'} />
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

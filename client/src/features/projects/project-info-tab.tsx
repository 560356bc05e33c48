/** Info tab of Manage Project: the project's details, read-only. */
import { Center, Loader, SimpleGrid, Text } from '@mantine/core';
import { formatDateTime } from '../../shared/format.ts';
import { NoData } from '../../components/no-data.tsx';
import { useGetProjectQuery } from '../../api/projects-api.ts';

export function ProjectInfoTab({ projectId }: { projectId: string }) {
  const { data: project, isLoading } = useGetProjectQuery(projectId);
  if (isLoading) {
    return (
      <Center p="md">
        <Loader size="sm" />
      </Center>
    );
  }
  if (!project) return <NoData />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Field label="Project Name" value={project.project_name} />
      <Field label="Project Number" value={project.project_number} />
      <Field label="Customer" value={project.project_customer || '—'} />
      <Field label="Project ID" value={String(project.num_id)} />
      <Field label="Created" value={formatDateTime(project.created_at)} />
      <Field label="Managing Logistics" value={project.managing_logistics ? 'Yes' : 'No'} />
    </SimpleGrid>
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

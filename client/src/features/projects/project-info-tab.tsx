/** Info tab of Manage Project: the project's details, read-only. */
import { Center, Loader, SimpleGrid } from '@mantine/core';
import { formatDateTime } from '../../shared/format.ts';
import { NoData } from '../../components/no-data.tsx';
import { useGetProjectQuery } from '../../api/projects-api.ts';
import { DetailField } from '../../components/detail-field.tsx';

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
      <DetailField label="Project Name" value={project.project_name} />
      <DetailField label="Project Number" value={project.project_number} />
      <DetailField label="Customer" value={project.project_customer || '—'} />
      <DetailField label="Project ID" value={String(project.num_id)} />
      <DetailField label="Created" value={formatDateTime(project.created_at)} />
      <DetailField label="Managing Logistics" value={project.managing_logistics ? 'Yes' : 'No'} />
    </SimpleGrid>
  );
}

/**
 * /projects (global admins and superadmins): the project list, Create Project and Assign User.
 * Only a superadmin gets the search (spec 02 §6); it starts at two characters.
 */
import { Button, Center, Group, Loader, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { formatDate } from '../../shared/format.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { SEARCH_DEBOUNCE_MS, searchTerm } from '../../shared/search-term.ts';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { WideTable } from '../../components/wide-table.tsx';
import { isSuperadmin } from '../../shared/session/permissions.ts';
import { selectRole } from '../../shared/session/session-selectors.ts';
import { AssignUserDialog } from './assign-user-dialog.tsx';
import { CreateProjectDialog } from './create-project-dialog.tsx';
import type { Project } from '../../api/project-types.ts';
import { useListProjectsQuery } from '../../api/projects-api.ts';
import { AsOfNote } from '../../offline/as-of-note.tsx';
import { useSelectProject } from '../../shared/projects/use-select-project.ts';
import { FETCH_PROJECTS_FAILED } from '../../shared/messages.ts';

export function ProjectsPage() {
  const navigate = useNavigate();
  const superadmin = isSuperadmin(useAppSelector(selectRole));
  const selectProject = useSelectProject();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const q = superadmin ? searchTerm(debounced) : undefined;
  const { data: projects = [], isLoading, isError } = useListProjectsQuery({ q });
  // All projects for the assign dialog, whatever the search shows.
  const { data: allProjects = [] } = useListProjectsQuery({});
  const [creating, setCreating] = useState(false);
  const [assigning, setAssigning] = useState<{ projectId: string | null } | null>(null);

  const open = async (project: Project) => {
    await selectProject(project);
    navigate('/dashboard');
  };

  return (
    <>
      <PageHeader title="Projects">
        <Group gap="sm">
          <AsOfNote queries={[q ? { url: 'api/projects', params: { q } } : 'api/projects']} />
          <Button variant="default" onClick={() => setAssigning({ projectId: null })}>
            Assign User
          </Button>
          <Button onClick={() => setCreating(true)}>Create Project</Button>
        </Group>
      </PageHeader>
      {superadmin && (
        <TextInput
          mb="md"
          maw={360}
          aria-label="Search projects"
          maxLength={MAX_LENGTH.search}
          placeholder="Search projects (2+ characters)"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      {isLoading ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : projects.length === 0 ? (
        <NoData text={isError ? FETCH_PROJECTS_FAILED : undefined} />
      ) : (
        <WideTable minWidth={640}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {projects.map((project) => (
                <Table.Tr key={project.id}>
                  <Table.Td>{project.project_number}</Table.Td>
                  <Table.Td>{project.project_name}</Table.Td>
                  <Table.Td>{project.project_customer || '—'}</Table.Td>
                  <Table.Td>{formatDate(project.created_at)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="subtle" onClick={() => void open(project)}>
                        Open
                      </Button>
                      <Button size="xs" variant="light" onClick={() => setAssigning({ projectId: project.id })}>
                        Assign User
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      )}
      <CreateProjectDialog opened={creating} onClose={() => setCreating(false)} />
      <AssignUserDialog opened={assigning !== null} onClose={() => setAssigning(null)} projects={allProjects} projectId={assigning?.projectId ?? null} />
    </>
  );
}

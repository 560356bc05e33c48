/** The project picker of the dashboard and the project pages: lists number and name, and makes the choice the current project. */
import { Select } from '@mantine/core';
import { useState } from 'react';
import { useAppSelector } from '../hooks.ts';
import { selectCurrentProject } from '../session/session-selectors.ts';
import { projectLabel } from '../../api/project-types.ts';
import { useListProjectsQuery } from '../../api/projects-api.ts';
import { useSelectProject } from './use-select-project.ts';
import { FETCH_PROJECTS_FAILED, NO_PROJECTS_AVAILABLE } from '../messages.ts';

export function ProjectPicker() {
  const current = useAppSelector(selectCurrentProject);
  const { data: projects = [], isLoading, isError } = useListProjectsQuery({});
  const selectProject = useSelectProject();
  const [switching, setSwitching] = useState(false);

  const onChange = async (id: string | null) => {
    const project = projects.find((p) => p.id === id);
    if (!project || project.id === current?.id) return;
    setSwitching(true);
    try {
      await selectProject(project);
    } finally {
      setSwitching(false);
    }
  };

  const placeholder = isLoading ? 'Loading...' : isError ? FETCH_PROJECTS_FAILED : projects.length === 0 ? NO_PROJECTS_AVAILABLE : 'Select a project';

  return (
    <Select
      aria-label="Project"
      placeholder={placeholder}
      data={projects.map((p) => ({ value: p.id, label: projectLabel(p) }))}
      value={current?.id ?? null}
      onChange={(id) => void onChange(id)}
      disabled={isLoading || switching || projects.length === 0}
      searchable
      nothingFoundMessage="No projects match"
      allowDeselect={false}
      w={{ base: '100%', sm: 320 }}
    />
  );
}

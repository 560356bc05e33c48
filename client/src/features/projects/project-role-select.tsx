/** The project-role picker (user, manager, admin) the membership dialogs share. */
import { Select, type SelectProps } from '@mantine/core';
import { PROJECT_ROLES, type ProjectRole } from '../../api/project-types.ts';

export const PROJECT_ROLE_OPTIONS = PROJECT_ROLES.map((r) => ({ value: r.value, label: r.label }));

export function ProjectRoleSelect({
  value,
  onChange,
  ...rest
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & { value: ProjectRole; onChange: (role: ProjectRole) => void }) {
  return <Select data={PROJECT_ROLE_OPTIONS} value={value} onChange={(next) => next && onChange(next as ProjectRole)} allowDeselect={false} {...rest} />;
}

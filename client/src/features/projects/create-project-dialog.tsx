/** New project: name, customer and number (POST /api/projects) → "Project created". */
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messageOr, serverField } from '../../api/error-message.ts';
import { MAX_LENGTH, lengthError } from '../../shared/field-limits.ts';
import { toast } from '../../shared/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import type { Project } from '../../api/project-types.ts';
import { useCreateProjectMutation } from '../../api/projects-api.ts';
import { PROJECT_NAME_REQUIRED, PROJECT_NUMBER_REQUIRED } from '@contract/messages.ts';
import { CREATE_FAILED } from '../../shared/messages.ts';

interface CreateProjectDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreated?: (project: Project) => void;
}

export function CreateProjectDialog({ opened, onClose, onCreated }: CreateProjectDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Create Project" size="md">
      <CreateProjectForm onClose={onClose} onCreated={onCreated} />
    </AppModal>
  );
}

type Errors = Partial<Record<'project_name' | 'project_customer' | 'project_number', string>>;

/** Boxes past their limits, said while typing. */
function lengthErrors(name: string, customer: string, number: string): Errors {
  const errors: Errors = {};
  const checks: Array<[keyof Errors, string | undefined]> = [
    ['project_name', lengthError('Project name', MAX_LENGTH.projectName, name)],
    ['project_customer', lengthError('Customer', MAX_LENGTH.projectCustomer, customer)],
    ['project_number', lengthError('Project number', MAX_LENGTH.projectNumber, number)],
  ];
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}

function CreateProjectForm({ onClose, onCreated }: Omit<CreateProjectDialogProps, 'opened'>) {
  const [createProject, { isLoading }] = useCreateProjectMutation();
  const [name, setName] = useState('');
  const [customer, setCustomer] = useState('');
  const [number, setNumber] = useState('');
  const [submitErrors, setErrors] = useState<Errors>({});
  const errors = { ...submitErrors, ...lengthErrors(name, customer, number) };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = lengthErrors(name, customer, number);
    if (name.trim() === '') found.project_name = PROJECT_NAME_REQUIRED;
    if (number.trim() === '') found.project_number = PROJECT_NUMBER_REQUIRED;
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const result = await createProject({
      project_name: name.trim(),
      project_customer: customer.trim(),
      project_number: number.trim(),
    });
    if (result.error) {
      // A refusal that names a field is shown under it; anything else as a toast.
      const field = serverField(result.error);
      const message = messageOr(result.error, CREATE_FAILED);
      if (field === 'project_name' || field === 'project_customer' || field === 'project_number') setErrors({ [field]: message });
      else toast.error(message);
      return;
    }
    toast.success('Project created');
    onCreated?.(result.data);
    onClose();
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Project name"
          required
          data-autofocus
          value={name}
          error={errors.project_name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput label="Customer" value={customer} error={errors.project_customer} onChange={(event) => setCustomer(event.currentTarget.value)} />
        <TextInput label="Project number" required value={number} error={errors.project_number} onChange={(event) => setNumber(event.currentTarget.value)} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            Create Project
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

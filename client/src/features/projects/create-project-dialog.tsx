/** New project: name, customer and number (POST /api/projects) → "Project created". */
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { AppModal } from '../../components/app-modal.tsx';
import { useState, type FormEvent } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { toast } from '../../app/toast.ts';
import type { Project } from './project-types.ts';
import { useCreateProjectMutation } from './projects-api.ts';

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

type Errors = Partial<Record<'project_name' | 'project_number', string>>;

function CreateProjectForm({ onClose, onCreated }: Omit<CreateProjectDialogProps, 'opened'>) {
  const [createProject, { isLoading }] = useCreateProjectMutation();
  const [name, setName] = useState('');
  const [customer, setCustomer] = useState('');
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    if (name.trim() === '') found.project_name = 'Project name is required';
    if (number.trim() === '') found.project_number = 'Project number is required';
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const result = await createProject({
      project_name: name.trim(),
      project_customer: customer.trim(),
      project_number: number.trim(),
    });
    if (result.error) {
      toast.error(messageOr(result.error, 'Create failed'));
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
        <TextInput
          label="Customer"
          value={customer}
          onChange={(event) => setCustomer(event.currentTarget.value)}
        />
        <TextInput
          label="Project number"
          required
          value={number}
          error={errors.project_number}
          onChange={(event) => setNumber(event.currentTarget.value)}
        />
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

/**
 * The Delete Project danger zone (superadmin only, spec 01 §2, §5): a confirm dialog first, then
 * the word DELETE typed out before the project is deleted.
 */
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { toast } from '../../shared/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { selectCurrentProject } from '../../shared/session/session-selectors.ts';
import { currentProjectSelected } from '../../shared/session/session-slice.ts';
import { useDeleteProjectMutation } from '../../api/projects-api.ts';

export const DELETE_WORD = 'DELETE';

interface DeleteProjectSectionProps {
  projectId: string;
  projectName: string;
  onDeleted: () => void;
}

export function DeleteProjectSection({ projectId, projectName, onDeleted }: DeleteProjectSectionProps) {
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectCurrentProject);
  const [step, setStep] = useState<'idle' | 'confirm' | 'type'>('idle');
  const [deleteProject, { isLoading }] = useDeleteProjectMutation();

  const onDelete = async () => {
    const result = await deleteProject(projectId);
    if (result.error) {
      toast.error(messageOr(result.error, 'Failed to delete project'));
      return;
    }
    toast.success('Project deleted');
    setStep('idle');
    // The dashboard picks another project once the current one is gone.
    if (current?.id === projectId) dispatch(currentProjectSelected({ project: null }));
    onDeleted();
  };

  return (
    <Alert color="red" variant="outline" title="Danger zone">
      <Stack gap="sm">
        <Text size="sm">Deleting a project removes it and its memberships for everyone. This cannot be undone.</Text>
        <Group>
          <Button color="red" onClick={() => setStep('confirm')}>
            Delete Project
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={step === 'confirm'}
        message={`Delete the project "${projectName}"?`}
        confirmLabel="Continue"
        color="red"
        onConfirm={() => setStep('type')}
        onCancel={() => setStep('idle')}
      />
      <AppModal opened={step === 'type'} onClose={() => setStep('idle')} title="Delete Project" size="md" compact>
        <TypeToDelete loading={isLoading} onCancel={() => setStep('idle')} onDelete={() => void onDelete()} />
      </AppModal>
    </Alert>
  );
}

function TypeToDelete({ loading, onCancel, onDelete }: { loading: boolean; onCancel: () => void; onDelete: () => void }) {
  const [typed, setTyped] = useState('');
  const confirmed = typed === DELETE_WORD;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (confirmed) onDelete();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={`Type ${DELETE_WORD} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
          <Button type="submit" color="red" disabled={!confirmed} loading={loading}>
            Delete Project
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

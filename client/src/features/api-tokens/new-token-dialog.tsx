/**
 * "New token" (a personal token): name, expiry, scopes and, optionally, some of the person's own
 * projects (none chosen: all of them, now and later). Sent to POST /api/tokens; a refusal is shown
 * on the field it names, else above the buttons.
 */
import { MultiSelect, Stack } from '@mantine/core';
import { TOKEN_MAX_PROJECTS } from '@contract/api-tokens.ts';
import { useState, type FormEvent } from 'react';
import { projectLabel } from '../../api/project-types.ts';
import { useListProjectsQuery } from '../../api/projects-api.ts';
import { type CreatedApiToken, useCreateApiTokenMutation } from '../../api/tokens-api.ts';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { CommonTokenFields, type CommonDraft, checkCommon, EMPTY_DRAFT, type FieldErrors, CreateTokenActions, refusalOf } from './token-fields.tsx';
import { TokenDialog } from './token-dialog.tsx';

export function NewTokenDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <TokenDialog title="New token" created={created} onClose={onClose}>
      <NewTokenForm onCancel={onClose} onCreated={setCreated} />
    </TokenDialog>
  );
}

function NewTokenForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (token: CreatedApiToken) => void }) {
  const projects = useListProjectsQuery({});
  const [create, { isLoading }] = useCreateApiTokenMutation();
  const [draft, setDraft] = useState<CommonDraft>(EMPTY_DRAFT);
  const [projectIds, setProjectIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkCommon(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const result = await create({ ...checked.body, project_ids: projectIds.length > 0 ? projectIds : null });
    if (result.error) {
      const refusal = refusalOf(result.error);
      if ('errors' in refusal) setErrors(refusal.errors);
      else setFailure(refusal.failure);
      return;
    }
    onCreated(result.data);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <CommonTokenFields draft={draft} errors={errors} onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))} />
        <MultiSelect
          label="Projects"
          description="Leave empty to let the token reach all your projects, now and later."
          placeholder={projectIds.length === 0 ? 'All my projects' : undefined}
          data={(projects.data ?? []).map((p) => ({ value: p.id, label: projectLabel(p) }))}
          value={projectIds}
          onChange={setProjectIds}
          searchable
          clearable
          maxValues={TOKEN_MAX_PROJECTS}
          nothingFoundMessage={projects.isLoading ? 'Loading...' : 'No project matches'}
          error={errors.project_ids}
          comboboxProps={{ withinPortal: true }}
        />
        <FailureAlert failure={failure} />
        <CreateTokenActions onCancel={onCancel} busy={isLoading} />
      </Stack>
    </form>
  );
}

/**
 * "New service token" (superadmin): name, expiry, scopes, where it acts (site-wide or one
 * project) and its role there: a global role site-wide, a project role in a project. Sent to
 * POST /api/service-tokens; a refusal is shown on the field it names, else above the buttons.
 */
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { projectLabel } from '../../api/project-types.ts';
import { useListProjectsQuery } from '../../api/projects-api.ts';
import { type CreatedApiToken, useCreateServiceTokenMutation } from '../../api/tokens-api.ts';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { CommonTokenFields, type CommonDraft, checkCommon, EMPTY_DRAFT, type FieldErrors, CreateTokenActions, refusalOf } from './token-fields.tsx';
import { TokenDialog } from './token-dialog.tsx';
import { ROLE_LABEL, roleForReach, type ServiceReach, serviceRoleOptions } from './token-model.ts';

const REACHES = [
  { value: 'site', label: 'Site-wide' },
  { value: 'project', label: 'One project' },
];

export function NewServiceTokenDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <TokenDialog title="New service token" created={created} onClose={onClose}>
      <NewServiceTokenForm onCancel={onClose} onCreated={setCreated} />
    </TokenDialog>
  );
}

function NewServiceTokenForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (token: CreatedApiToken) => void }) {
  const projects = useListProjectsQuery({});
  const [create, { isLoading }] = useCreateServiceTokenMutation();
  const [draft, setDraft] = useState<CommonDraft>(EMPTY_DRAFT);
  const [reach, setReach] = useState<ServiceReach>('site');
  const [projectId, setProjectId] = useState<string | null>(null);
  const [role, setRole] = useState<string>(roleForReach('site', null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const changeReach = (next: ServiceReach) => {
    setReach(next);
    setRole((current) => roleForReach(next, current));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkCommon(draft);
    const found: FieldErrors = 'errors' in checked ? { ...checked.errors } : {};
    if (reach === 'project' && !projectId) found.project_id = 'Choose the project the token acts in.';
    setErrors(found);
    if ('errors' in checked || Object.keys(found).length > 0) return;
    const result = await create({ ...checked.body, project_id: reach === 'project' ? projectId : null, role });
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
        <Stack gap={4}>
          <Text size="sm" fw={500} id="service-reach-label">
            Acts
          </Text>
          <SegmentedControl
            aria-labelledby="service-reach-label"
            data={REACHES}
            value={reach}
            onChange={(value) => changeReach(value as ServiceReach)}
            fullWidth
          />
        </Stack>
        {reach === 'project' && (
          <Select
            label="Project"
            placeholder={projects.isLoading ? 'Loading...' : 'Select a project'}
            data={(projects.data ?? []).map((p) => ({ value: p.id, label: projectLabel(p) }))}
            value={projectId}
            onChange={setProjectId}
            searchable
            nothingFoundMessage="No project matches"
            error={errors.project_id}
            required
          />
        )}
        <Select
          label="Role"
          description={
            reach === 'site' ? 'A global role: what the token may do across the whole site.' : 'A project role: what the token may do in that project.'
          }
          data={serviceRoleOptions(reach).map((value) => ({ value, label: ROLE_LABEL[value] ?? value }))}
          value={role}
          onChange={(value) => value && setRole(value)}
          allowDeselect={false}
          error={errors.role}
          required
        />
        <FailureAlert failure={failure} />
        <CreateTokenActions onCancel={onCancel} busy={isLoading} />
      </Stack>
    </form>
  );
}

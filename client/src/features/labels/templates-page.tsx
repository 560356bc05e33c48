/**
 * Label Templates (/labels/templates, admins; spec 02 §2.11, §2.12): a project's templates, created
 * and edited in the template editor, and deleted after a confirmation.
 */
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { IMPORT_MESSAGES } from '@contract/label-import.ts';
import { LABEL_MESSAGES, type LabelTemplate } from '@contract/labels.ts';
import { messageOr } from '../../api/error-message.ts';
import {
  useCreateLabelTemplateMutation,
  useDeleteLabelTemplateMutation,
  useListLabelTemplatesQuery,
  useUpdateLabelTemplateMutation,
} from '../../api/labels-api.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { ProjectPicker } from '../../shared/projects/project-picker.tsx';
import { useCurrentProjectSync } from '../../shared/projects/use-current-project-sync.ts';
import { selectCurrentProject } from '../../shared/session/session-selectors.ts';
import { toast } from '../../shared/toast.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TemplateEditor } from './template-editor.tsx';
import { draftBody, draftOf, newDraft, type TemplateDraft } from './template-model.ts';

type Editing = { id: string | null; draft: TemplateDraft } | null;

export function TemplatesPage() {
  useCurrentProjectSync();
  const project = useAppSelector(selectCurrentProject);
  const templates = useListLabelTemplatesQuery(project?.id ?? skipToken);
  const [editing, setEditing] = useState<Editing>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<LabelTemplate | null>(null);
  const [create, creating] = useCreateLabelTemplateMutation();
  const [update, updating] = useUpdateLabelTemplateMutation();
  const [remove, removing] = useDeleteLabelTemplateMutation();

  const save = async () => {
    if (!project || !editing) return;
    const body = draftBody(editing.draft);
    const result = editing.id ? await update({ projectId: project.id, id: editing.id, body }) : await create({ projectId: project.id, body });
    if ('error' in result) {
      setSaveError(messageOr(result.error, editing.id ? 'Failed to update template' : IMPORT_MESSAGES.createTemplate));
      return;
    }
    toast.success(editing.id ? 'Template updated' : 'Template created');
    setEditing(null);
  };
  const confirmDelete = async () => {
    if (!project || !deleting) return;
    const result = await remove({ projectId: project.id, id: deleting.id });
    if ('error' in result) toast.error(messageOr(result.error, 'Failed to delete template'));
    else toast.success('Template deleted');
    setDeleting(null);
  };
  const open = (next: Editing) => {
    setSaveError(null);
    setEditing(next);
  };

  return (
    <Stack gap="md">
      <PageHeader title="Label Templates">
        <ProjectPicker />
      </PageHeader>
      {!project ? (
        <Paper withBorder p="xl" radius="md">
          <Text fw={700} ta="center">
            {LABEL_MESSAGES.noProjectTitle}
          </Text>
        </Paper>
      ) : (
        <>
          <Group justify="space-between" wrap="wrap">
            <Text>
              Managing templates for: <b>{project.project_name}</b>
            </Text>
            <Button onClick={() => open({ id: null, draft: newDraft() })}>Create Template</Button>
          </Group>
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label="Templates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Lines</Table.Th>
                  <Table.Th>Fields</Table.Th>
                  <Table.Th>Updated</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(templates.data ?? []).map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td fw={600}>{t.name}</Table.Td>
                    <Table.Td>{t.template_data.lines.length}</Table.Td>
                    <Table.Td>{[...new Set(t.template_data.lines.flatMap((l) => l.fields.map((f) => f.name)))].join(', ')}</Table.Td>
                    <Table.Td>{formatDateTime(t.updated_at)}</Table.Td>
                    <Table.Td>
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <Button size="compact-sm" variant="light" onClick={() => open({ id: t.id, draft: draftOf(t) })}>
                          Edit
                        </Button>
                        <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(t)}>
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
                {templates.data?.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="md" size="sm">
                        No templates yet. Create one to format raw label imports.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {templates.isError && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="red" ta="center" py="md" size="sm">
                        Failed to load templates
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {editing && (
        <TemplateEditor
          opened
          title={editing.id ? 'Edit Template' : 'Create Template'}
          draft={editing.draft}
          onChange={(draft) => setEditing({ ...editing, draft })}
          onCancel={() => setEditing(null)}
          onSave={() => void save()}
          saving={creating.isLoading || updating.isLoading}
          error={saveError}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete template?"
        message={`Delete the template "${deleting?.name ?? ''}"? Labels already imported with it keep their lines.`}
        confirmLabel="Delete"
        color="red"
        loading={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

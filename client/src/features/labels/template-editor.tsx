/**
 * Create Template / Edit Template (spec 02 §2.12): the name, the available and used fields, the
 * lines (added, opened and closed, removed), per field its prepend and append text, per line its
 * separator, casing and whether an empty line is kept, and a live preview of up to five rows
 * formatted by the same function the import uses. Cancel and Save stay at the window's bottom edge
 * while the form scrolls, with the reason Save waits beside them.
 */
import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Select, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { Casing, DataRow } from '@contract/label-format.ts';
import { CASINGS, LABEL_LIMITS } from '@contract/labels.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { DialogFooter } from './dialog-footer.tsx';
import {
  addColumn,
  addFieldToActiveLine,
  addLine,
  availableColumns,
  draftProblem,
  removeColumn,
  removeField,
  removeFieldEverywhere,
  removeLine,
  type TemplateDraft,
  toggleLine,
  updateField,
  updateLine,
  usedColumns,
} from './template-model.ts';
import { previewLabels, sampleRows } from './template-preview.ts';

interface TemplateEditorProps {
  opened: boolean;
  title: 'Create Template' | 'Edit Template';
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  onCancel: () => void;
  onSave: () => void;
  saving: boolean;
  /** Rows of a file to preview with; without them each column shows its own name and a number. */
  samples?: readonly DataRow[];
  error?: string | null;
}

/** Items with their numbers from 1, which key them: these lists change only at their ends or by a removal that rerenders them. */
const numbered = <T,>(items: readonly T[]) => items.map((item, index) => ({ n: index + 1, item }));

const CASING_LABELS: Record<Casing, string> = { none: 'None', uppercase: 'UPPERCASE', lowercase: 'lowercase' };

export function TemplateEditor({ opened, title, draft, onChange, onCancel, onSave, saving, samples, error }: TemplateEditorProps) {
  const [newColumn, setNewColumn] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = draftProblem(draft);
  const preview = previewLabels(draft, samples ?? sampleRows(draft.columns));
  const addTyped = () => {
    onChange(addColumn(draft, newColumn));
    setNewColumn('');
  };

  return (
    <AppModal opened={opened} onClose={onCancel} title={title} size="xl">
      <Stack gap="md">
        <TextInput
          label="Template name"
          value={draft.name}
          maxLength={LABEL_LIMITS.templateName}
          onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })}
          onBlur={() => setTouched(true)}
          error={touched && !draft.name.trim() ? problem : null}
          withAsterisk
        />
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Available fields
          </Text>
          <Group gap={6}>
            {availableColumns(draft).map((c) => (
              <Badge
                key={c}
                variant="light"
                size="lg"
                style={{ cursor: 'pointer', textTransform: 'none' }}
                onClick={() => onChange(addFieldToActiveLine(draft, c))}
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={`Delete field ${c}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      onChange(removeColumn(draft, c));
                    }}
                  >
                    ×
                  </ActionIcon>
                }
              >
                {c}
              </Badge>
            ))}
            {availableColumns(draft).length === 0 && (
              <Text size="xs" c="dimmed">
                No unused fields.
              </Text>
            )}
          </Group>
          <Group gap={6} align="flex-end">
            <TextInput
              size="xs"
              aria-label="New field name"
              placeholder="New field"
              value={newColumn}
              maxLength={LABEL_LIMITS.columnName}
              onChange={(e) => setNewColumn(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') addTyped();
              }}
            />
            <Button size="xs" variant="default" onClick={addTyped} disabled={!newColumn.trim()}>
              Add field
            </Button>
          </Group>
          <Text size="sm" fw={600} mt={4}>
            Used fields
          </Text>
          <Group gap={6}>
            {usedColumns(draft).map((c) => (
              <Badge
                key={c}
                color="teal"
                variant="light"
                size="lg"
                style={{ textTransform: 'none' }}
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    color="teal"
                    aria-label={`Remove ${c} from the template`}
                    onClick={() => onChange(removeFieldEverywhere(draft, c))}
                  >
                    ×
                  </ActionIcon>
                }
              >
                {c}
              </Badge>
            ))}
            {usedColumns(draft).length === 0 && (
              <Text size="xs" c="dimmed">
                No fields used yet.
              </Text>
            )}
          </Group>
        </Stack>

        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Template lines
            </Text>
            <Button size="xs" variant="light" onClick={() => onChange(addLine(draft))} disabled={draft.lines.length >= LABEL_LIMITS.templateLines}>
              Add Line
            </Button>
          </Group>
          {draft.lines.map((line, index) => {
            const open = draft.expanded.includes(line.id);
            const active = draft.activeLineId === line.id;
            return (
              <Paper key={line.id} withBorder p="xs" radius="sm" style={active ? { borderColor: 'var(--mantine-color-blue-filled)' } : undefined}>
                <Group justify="space-between" wrap="nowrap">
                  <UnstyledButton onClick={() => onChange(toggleLine(draft, line.id))} aria-expanded={open} style={{ flex: 1 }}>
                    <Text size="sm" fw={600}>
                      {open ? '▾' : '▸'} Line {index + 1}
                      {active ? ' (active)' : ''}
                      <Text span c="dimmed" size="xs" ml={8}>
                        {line.fields.map((f) => f.name).join(', ') || 'no fields'}
                      </Text>
                    </Text>
                  </UnstyledButton>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(removeLine(draft, line.id))}>
                    Remove line
                  </Button>
                </Group>
                {open && (
                  <Stack gap="xs" mt="xs">
                    {line.fields.length === 0 && (
                      <Text size="xs" c="dimmed">
                        Click an available field to add it to this line.
                      </Text>
                    )}
                    {numbered(line.fields)
                      .map(({ n, item: field }) => ({ i: n - 1, field }))
                      .map(({ i, field }) => (
                        <Group key={`${field.name}-${i + 1}`} gap="xs" wrap="nowrap" align="flex-end">
                          <TextInput
                            size="xs"
                            label="Prepend"
                            w={110}
                            value={field.prependText}
                            maxLength={LABEL_LIMITS.affix}
                            onChange={(e) => onChange(updateField(draft, line.id, i, { prependText: e.currentTarget.value }))}
                          />
                          <Badge variant="outline" size="lg" style={{ textTransform: 'none' }}>
                            {field.name}
                          </Badge>
                          <TextInput
                            size="xs"
                            label="Append"
                            w={110}
                            value={field.appendText}
                            maxLength={LABEL_LIMITS.affix}
                            onChange={(e) => onChange(updateField(draft, line.id, i, { appendText: e.currentTarget.value }))}
                          />
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${field.name} from line ${index + 1}`}
                            onClick={() => onChange(removeField(draft, line.id, i))}
                          >
                            ×
                          </ActionIcon>
                        </Group>
                      ))}
                    <Group gap="xs" wrap="wrap" align="flex-end">
                      <TextInput
                        size="xs"
                        label="Separator"
                        w={100}
                        value={line.separator}
                        maxLength={LABEL_LIMITS.separator}
                        onChange={(e) => onChange(updateLine(draft, line.id, { separator: e.currentTarget.value }))}
                      />
                      <Select
                        size="xs"
                        label="Casing"
                        w={140}
                        data={CASINGS.map((c) => ({ value: c, label: CASING_LABELS[c] }))}
                        value={line.casing}
                        allowDeselect={false}
                        onChange={(v) => onChange(updateLine(draft, line.id, { casing: (v ?? 'none') as Casing }))}
                      />
                      <Checkbox
                        size="xs"
                        label="Keep as a blank line when it has no data"
                        checked={line.leaveBlankIfNoData ?? false}
                        onChange={(e) => onChange(updateLine(draft, line.id, { leaveBlankIfNoData: e.currentTarget.checked || undefined }))}
                      />
                    </Group>
                  </Stack>
                )}
              </Paper>
            );
          })}
        </Stack>

        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Preview
          </Text>
          <Table.ScrollContainer minWidth={300}>
            <Table withTableBorder aria-label="Template preview">
              <Table.Tbody>
                {numbered(preview).map(({ n, item: lines }) => (
                  <Table.Tr key={n}>
                    <Table.Td w={40} c="dimmed">
                      {n}
                    </Table.Td>
                    <Table.Td style={{ fontFamily: 'var(--mantine-font-family-monospace)', whiteSpace: 'pre' }}>
                      {lines.length === 0 ? ' ' : lines.map((l) => l || ' ').join('\n')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>

        <DialogFooter reason={problem} error={error}>
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={problem !== null || saving}>
            {saving ? 'Saving...' : 'Save Template'}
          </Button>
        </DialogFooter>
      </Stack>
    </AppModal>
  );
}

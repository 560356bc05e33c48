/**
 * The screens of the Import Labels dialog (spec 02 §2.12): upload, template selection (raw
 * imports), preview and importing. The dialog (import-labels-dialog.tsx) holds the state and moves
 * between them; these only show it and report what was clicked.
 */
import { Alert, Anchor, Button, Checkbox, FileInput, Group, Progress, Radio, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { ImportPreview, ImportType } from '@contract/label-import.ts';
import { LABEL_LIMITS, type LabelTemplate } from '@contract/labels.ts';

export interface UploadForm {
  file: File | null;
  importType: ImportType;
  system: string;
  clusterPod: string;
}

export function UploadStep({
  form,
  onChange,
  onCancel,
  onPreview,
  busy,
}: {
  form: UploadForm;
  onChange: (form: UploadForm) => void;
  onCancel: () => void;
  onPreview: () => void;
  busy: boolean;
}) {
  return (
    <>
      <FileInput
        label="File"
        placeholder="Choose a .csv or .xlsx file"
        accept=".csv,.xlsx"
        value={form.file}
        onChange={(file) => onChange({ ...form, file })}
        clearable
      />
      <Radio.Group label="Import type" value={form.importType} onChange={(value) => onChange({ ...form, importType: value as ImportType })}>
        <Group mt={6}>
          <Radio value="preformatted" label="Preformatted (each row is a label; its cells are the lines)" />
          <Radio value="raw" label="Raw (columns formatted by a template)" />
        </Group>
      </Radio.Group>
      <Group grow>
        <TextInput
          label="System"
          placeholder="Optional"
          value={form.system}
          maxLength={LABEL_LIMITS.tag}
          onChange={(e) => onChange({ ...form, system: e.currentTarget.value })}
        />
        <TextInput
          label="Cluster/Pod"
          placeholder="Optional"
          value={form.clusterPod}
          maxLength={LABEL_LIMITS.tag}
          onChange={(e) => onChange({ ...form, clusterPod: e.currentTarget.value })}
        />
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onPreview} disabled={!form.file} loading={busy}>
          Preview
        </Button>
      </Group>
    </>
  );
}

export function TemplateStep(props: {
  templates: readonly LabelTemplate[];
  chosen: string | null;
  onChoose: (id: string | null) => void;
  onCreate: () => void;
  onBack: () => void;
  onNext: () => void;
  busy: boolean;
}) {
  return (
    <>
      <Select
        label="Select Template"
        placeholder={props.templates.length === 0 ? 'No templates yet' : 'Choose a template'}
        data={props.templates.map((t) => ({ value: t.id, label: t.name }))}
        value={props.chosen}
        onChange={props.onChoose}
        searchable
        nothingFoundMessage="No template by that name"
      />
      <Group>
        <Button variant="light" onClick={props.onCreate}>
          Create New Template
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onBack}>
          Back
        </Button>
        <Button onClick={props.onNext} disabled={!props.chosen} loading={props.busy}>
          Next
        </Button>
      </Group>
    </>
  );
}

/** The preview table's columns: preformatted lines, one Label column with a template, else the source columns. */
function previewColumns(preview: ImportPreview, templated: boolean): string[] {
  if (preview.import_type === 'preformatted') return preview.columns;
  return templated ? ['Label'] : preview.columns;
}

function cellsOf(row: ImportPreview['preview_data'][number], preview: ImportPreview, templated: boolean): string[] {
  if (preview.import_type === 'preformatted') return preview.columns.map((_, i) => row.label_lines?.[i] ?? '');
  if (templated) return [(row.label_lines ?? []).join('\n')];
  return preview.columns.map((column) => row.data_points?.[column] ?? '');
}

/** The first row's cells as the notice quotes them: a few, each cut short if long. */
function quoted(cells: readonly string[]): string {
  const shown = cells.slice(0, 5).map((cell) => (cell.length > 40 ? `${cell.slice(0, 39)}…` : cell));
  return `${shown.join(', ')}${cells.length > shown.length ? ', …' : ''}`;
}

function firstRowNotice({ cells, looks_like_header, skipped }: NonNullable<ImportPreview['first_row']>): string | null {
  const row = `The first row (${quoted(cells)})`;
  if (skipped) return looks_like_header ? `${row} looks like column names and will not be imported.` : `${row} will not be imported.`;
  return looks_like_header ? `${row} looks like column names but will be imported as a label.` : null;
}

/** A preformatted file's first row: whether it is left out as column names, which the person may change. */
function FirstRowChoice(props: {
  firstRow: NonNullable<ImportPreview['first_row']>;
  chosen: boolean | undefined;
  onChange: (header: boolean) => void;
  busy: boolean;
}) {
  const notice = firstRowNotice(props.firstRow);
  const choice = (
    <Checkbox
      label="First row is a header"
      checked={props.chosen ?? props.firstRow.skipped}
      disabled={props.busy}
      onChange={(e) => props.onChange(e.currentTarget.checked)}
    />
  );
  if (!notice) return choice;
  return (
    <Alert color="blue" variant="light">
      <Stack gap="xs">
        <Text size="sm">{notice}</Text>
        {choice}
      </Stack>
    </Alert>
  );
}

export function PreviewStep(props: {
  preview: ImportPreview;
  templateName: string | null;
  onChangeTemplate: () => void;
  /** The person's word on the first row, when given. */
  firstRowHeader: boolean | undefined;
  onFirstRowHeader: (header: boolean) => void;
  onCancel: () => void;
  onImport: () => void;
  busy: boolean;
}) {
  const { preview, templateName } = props;
  const templated = templateName !== null;
  const columns = previewColumns(preview, templated);
  const { dry_run: dry } = preview;
  return (
    <>
      {preview.import_type === 'raw' &&
        (templated ? (
          <Alert color="green" variant="light">
            Template applied: <b>{templateName}</b>.{' '}
            <Anchor component="button" type="button" fz="inherit" onClick={props.onChangeTemplate}>
              Change
            </Anchor>
          </Alert>
        ) : (
          <Alert color="yellow" variant="light">
            No template applied; the raw data will be imported as-is.{' '}
            <Anchor component="button" type="button" fz="inherit" onClick={props.onChangeTemplate}>
              Apply Template
            </Anchor>
          </Alert>
        ))}
      {preview.first_row && <FirstRowChoice firstRow={preview.first_row} chosen={props.firstRowHeader} onChange={props.onFirstRowHeader} busy={props.busy} />}
      <Text size="sm" c="dimmed" data-testid="dry-run">
        {dry.labels.toLocaleString('en-US')} labels: {dry.new.toLocaleString('en-US')} new, {dry.duplicates.toLocaleString('en-US')} already in this project.
        {preview.total_rows > preview.preview_data.length && ` Showing the first ${preview.preview_data.length} rows.`}
      </Text>
      <Table.ScrollContainer minWidth={400} mah={360}>
        <Table striped aria-label="Import preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
              <Table.Th>System</Table.Th>
              <Table.Th>Cluster/Pod</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.preview_data.map((row) => (
              <Table.Tr key={row.row_index}>
                <Table.Td>{row.row_index}</Table.Td>
                {cellsOf(row, preview, templated).map((cell, i) => (
                  <Table.Td key={columns[i]} style={{ whiteSpace: 'pre-line' }}>
                    {cell}
                  </Table.Td>
                ))}
                <Table.Td>{row.system ?? 'N/A'}</Table.Td>
                <Table.Td>{row.cluster_pod ?? 'N/A'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button onClick={props.onImport} loading={props.busy} disabled={dry.labels === 0}>
          Import {preview.total_rows.toLocaleString('en-US')} Labels
        </Button>
      </Group>
    </>
  );
}

export function ImportingStep({ imported, total }: { imported: number; total: number }) {
  const percent = total > 0 ? Math.min(100, (100 * imported) / total) : 0;
  return (
    <Stack gap="xs">
      <Text>Importing labels…</Text>
      <Progress value={percent} aria-label="Import progress" animated={percent < 100} />
      <Text size="sm" data-testid="import-counts">
        {imported.toLocaleString('en-US')} / {total.toLocaleString('en-US')}
      </Text>
    </Stack>
  );
}

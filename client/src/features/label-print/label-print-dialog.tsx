/**
 * The print dialog: what the labels are printed on (a sheet or a roll), where on a partly used
 * sheet to start, how each label reads, how many copies and in which format, with the first page
 * previewed as the server prints it. Print downloads the file under the server's name.
 */
import { Alert, Box, Button, Checkbox, Divider, Group, Loader, NumberInput, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { labelsPerPage } from '@contract/label-media.ts';
import { PRINT_LIMITS, PRINT_MESSAGES, type PrintBodyInput, type PrintFormat, printBody, sourceCarriesCode } from '@contract/label-print.ts';
import { useMemo, useState } from 'react';
import { downloadBlob } from '../../api/download.ts';
import { messageOr } from '../../api/error-message.ts';
import { useListLabelTemplatesQuery } from '../../api/labels-api.ts';
import { AppModal } from '../../components/app-modal.tsx';
import type { LabelPrintDialogSlotProps } from '../../components/codes/label-print-slot.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { isGlobalAdmin } from '../../shared/session/permissions.ts';
import { selectRole } from '../../shared/session/session-selectors.ts';
import { useListSavedMediaQuery, usePrintLabelsMutation } from './label-print-api.ts';
import type { Entry } from './medium-draft.ts';
import { MediumPicker } from './medium-picker.tsx';
import { PrintPreviewPanel } from './print-preview-panel.tsx';
import { StartAtPicker } from './start-at-picker.tsx';
import { useMediumChoice } from './use-medium-choice.ts';
import { usePrintPreview } from './use-print-preview.ts';

/** The props every screen opens the dialog with, fixed where those screens find it. */
export type LabelPrintDialogProps = LabelPrintDialogSlotProps;

const BUILTIN = 'builtin';

/** A number box's value as a number (NaN while it is empty or half typed). */
const numberOf = (entry: Entry) => (typeof entry === 'number' ? entry : entry.trim() === '' ? Number.NaN : Number(entry));

export const printTitle = (count: number) => `Print ${count.toLocaleString('en-US')} label${count === 1 ? '' : 's'}`;

function PrintForm({ source, onClose, templateProjectId }: Omit<LabelPrintDialogProps, 'opened' | 'count'>) {
  const role = useAppSelector(selectRole);
  const { data: saved = [] } = useListSavedMediaQuery();
  const { data: templates = [] } = useListLabelTemplatesQuery(templateProjectId ?? '', { skip: !templateProjectId });
  const medium = useMediumChoice(saved);
  const [startAt, setStartAt] = useState<Entry>(1);
  const [content, setContent] = useState(BUILTIN);
  const [includeCode, setIncludeCode] = useState(true);
  const [copies, setCopies] = useState<Entry>(1);
  const [minFont, setMinFont] = useState<Entry>(PRINT_LIMITS.defaultMinFontPt);
  const [format, setFormat] = useState<PrintFormat>('pdf');
  const [print, { isLoading: printing }] = usePrintLabelsMutation();
  const [printError, setPrintError] = useState<string | null>(null);
  const [downloaded, setDownloaded] = useState<string | null>(null);

  const isRoll = medium.draft.kind === 'roll';
  // ZPL is for thermal rolls: a sheet prints as PDF whatever was picked on a roll before.
  const effectiveFormat: PrintFormat = isRoll ? format : 'pdf';
  const hasCodes = sourceCarriesCode(source.kind);

  const checked = useMemo(() => {
    const errors: Partial<Record<string, string>> = {};
    if (!medium.check.ok) return { body: null, errors };
    const body: PrintBodyInput = {
      source,
      content: content === BUILTIN || !templateProjectId ? { kind: 'builtin' } : { kind: 'template', template_id: content, project_id: templateProjectId },
      medium: medium.check.medium,
      format: effectiveFormat,
      start_at: isRoll ? 1 : numberOf(startAt),
      copies: numberOf(copies),
      include_code: includeCode,
      min_font_pt: numberOf(minFont),
    };
    const parsed = printBody.safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    const perPage = labelsPerPage(medium.check.medium);
    if (!errors.start_at && (body.start_at ?? 1) > perPage) errors.start_at = PRINT_MESSAGES.startAtBeyondSheet(perPage);
    return { body: Object.keys(errors).length === 0 ? body : null, errors };
  }, [medium.check, source, content, templateProjectId, effectiveFormat, isRoll, startAt, copies, includeCode, minFont]);

  const { preview, error: previewError, errorField, loading } = usePrintPreview(checked.body);
  // The server's refusal marks the box it names as well, unless the box has a message of its own.
  const refused: Partial<Record<string, string>> = previewError && errorField ? { [errorField]: previewError } : {};
  const errors = { ...refused, ...checked.errors };
  const mediumRefused = errorField?.startsWith('medium.') && previewError ? { [errorField.slice('medium.'.length)]: previewError } : {};
  const blocked = checked.body ? null : 'Correct the settings marked in red to see the preview.';

  const submit = async () => {
    if (!checked.body) return;
    setPrintError(null);
    setDownloaded(null);
    const answer = await print(checked.body);
    if ('error' in answer) {
      setPrintError(messageOr(answer.error, 'The labels could not be printed. Try again.'));
      return;
    }
    downloadBlob(answer.data.fileName, answer.data.blob);
    setDownloaded(answer.data.fileName);
  };

  const contentOptions = [{ value: BUILTIN, label: 'Built-in layout' }, ...templates.map((t) => ({ value: t.id, label: t.name }))];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <MediumPicker state={medium} saved={saved} canKeepMedia={isGlobalAdmin(role)} refused={mediumRefused} />
          {medium.check.ok && medium.check.medium.kind === 'sheet' && (
            <StartAtPicker
              rows={medium.check.medium.rows}
              columns={medium.check.medium.columns}
              value={startAt}
              error={errors.start_at}
              onChange={setStartAt}
            />
          )}
          <Divider />
          <Select
            label="Content"
            size="xs"
            data={contentOptions}
            value={content}
            allowDeselect={false}
            onChange={(value) => value && setContent(value)}
            description={templateProjectId ? 'The built-in layout, or one of the project’s label templates.' : undefined}
          />
          {hasCodes && (
            <Checkbox
              size="xs"
              label="Print the code"
              description={content === BUILTIN ? 'The built-in layout always carries its code.' : 'A QR or Code 128 beside the template’s lines.'}
              checked={content === BUILTIN ? true : includeCode}
              disabled={content === BUILTIN}
              onChange={(e) => setIncludeCode(e.currentTarget.checked)}
            />
          )}
          <Group grow align="flex-start">
            <NumberInput
              label="Copies"
              size="xs"
              min={1}
              max={PRINT_LIMITS.copies}
              allowDecimal={false}
              value={copies}
              error={errors.copies}
              onChange={setCopies}
            />
            <NumberInput
              label="Smallest text size (pt)"
              size="xs"
              min={PRINT_LIMITS.minFontPt}
              max={PRINT_LIMITS.maxFontPt}
              decimalScale={1}
              value={minFont}
              error={errors.min_font_pt}
              onChange={setMinFont}
            />
          </Group>
          <Radio.Group label="Format" size="xs" value={effectiveFormat} onChange={(value) => setFormat(value as PrintFormat)}>
            <Group gap="lg" mt={4}>
              <Radio value="pdf" label="PDF" />
              <Radio value="zpl" label="ZPL (thermal printer)" disabled={!isRoll} />
            </Group>
          </Radio.Group>
          {!isRoll && (
            <Text size="xs" c="dimmed">
              {PRINT_MESSAGES.zplNeedsRoll}
            </Text>
          )}
          {checked.errors.source && (
            <Text size="xs" c="red">
              {checked.errors.source}
            </Text>
          )}
        </Stack>
        {/* The page stays in sight while the settings beside it scroll. */}
        <Box style={{ position: 'sticky', top: 60, alignSelf: 'start' }}>
          <PrintPreviewPanel preview={preview} loading={loading} error={previewError} blocked={blocked} />
        </Box>
      </SimpleGrid>
      {/* Print and its outcome stay in sight at the foot of a long form. */}
      <Stack
        gap="xs"
        py="xs"
        style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 1 }}
      >
        {printError && (
          <Alert color="red" p="xs" title="Printing failed">
            {printError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {downloaded && (
            // On a phone the note takes a line of its own above the buttons.
            <Text size="sm" c="green.8" mr="auto" style={{ flex: '1 1 220px', overflowWrap: 'anywhere' }}>
              Downloaded {downloaded}
            </Text>
          )}
          <Group gap="sm" wrap="nowrap" ml="auto">
            <Button variant="default" onClick={onClose} disabled={printing}>
              {downloaded ? 'Close' : 'Cancel'}
            </Button>
            <Button onClick={() => void submit()} disabled={!checked.body || printing} leftSection={printing ? <Loader size={14} /> : null}>
              {printing ? 'Preparing…' : 'Print'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Stack>
  );
}

export function LabelPrintDialog({ opened, onClose, source, count, templateProjectId }: LabelPrintDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={printTitle(count)} size={1080}>
      {opened && <PrintForm source={source} onClose={onClose} templateProjectId={templateProjectId} />}
    </AppModal>
  );
}

/**
 * /dashboard/receive_return/bulk?action=receive|return (spec 01 §2, §5, §8): download the template,
 * upload a CSV, see which rows will be refused before sending, then the result of every row, and
 * from there back to the Project Logs. Uploading the same file again applies nothing twice: the
 * server reports those rows as Skipped.
 */
import { Alert, Button, FileInput, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { downloadText } from '../../api/download.ts';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import type { BulkAction, BulkAnswer } from '../../api/material-types.ts';
import { useBulkUploadMutation } from '../../api/stock-api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { MAX_LENGTH, MAX_QUANTITY } from '../../app/field-limits.ts';
import { toast } from '../../app/toast.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReasonedDisabledButton } from '../../components/reasoned-disabled-button.tsx';
import { ProjectPicker } from '../../app/projects/project-picker.tsx';
import { useCurrentProjectSync } from '../../app/projects/use-current-project-sync.ts';
import { selectCurrentProject } from '../../app/session/session-selectors.ts';
import { FROZEN_REASON, useSiteStatus } from '../../app/site/site-status.ts';
import { BULK_TEMPLATE, TEMPLATE_FILE_NAME, bulkActionOf, previewBulkCsv, type BulkPreview } from './bulk-csv.ts';
import { PreviewTable, ResultsTable } from './bulk-tables.tsx';

interface Upload {
  file: File;
  text: string;
}

export function BulkPage() {
  useCurrentProjectSync();
  const project = useAppSelector(selectCurrentProject);
  const [params, setParams] = useSearchParams();
  const action = bulkActionOf(params.get('action'));
  const [upload, setUpload] = useState<Upload | null>(null);
  const [answer, setAnswer] = useState<BulkAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [send, { isLoading }] = useBulkUploadMutation();
  const idempotency = useIdempotencyKey();
  const preview: BulkPreview | null = upload ? previewBulkCsv(upload.text, action) : null;
  const valid = preview?.ok ? preview.rows.filter((r) => r.valid).length : 0;
  const verb = action === 'return' ? 'Return' : 'Receive';
  const submitLabel = `${verb} ${valid} ${valid === 1 ? 'row' : 'rows'}`;
  const { frozen } = useSiteStatus();

  const choose = async (file: File | null) => {
    setAnswer(null);
    setFailure(null);
    setUpload(file ? { file, text: await file.text() } : null);
  };

  const switchAction = (next: BulkAction) => {
    setAnswer(null);
    setFailure(null);
    setParams({ action: next }, { replace: true });
  };

  const submit = async () => {
    if (!project || !upload || frozen) return;
    const body = { projectId: project.id, action, csv: upload.text };
    const result = await send({ ...body, idempotencyKey: idempotency.keyFor(body) });
    idempotency.settle(result.error);
    if (result.error || !result.data) {
      const message = messageOr(result.error, 'Some rows failed to submit');
      // Said once, on the page, where it stays until the next try.
      setFailure(message);
      return;
    }
    setAnswer(result.data);
    const { invalid, failed } = result.data.summary;
    if (invalid + failed > 0) toast.error('Some rows failed to submit');
    else toast.success('Bulk operation complete');
  };

  return (
    <>
      <PageHeader title={`Bulk ${verb}`}>
        <Group gap="sm" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
          <ProjectPicker />
        </Group>
      </PageHeader>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <SegmentedControl
              aria-label="Action"
              w={{ base: '100%', xs: 260 }}
              data={[
                { value: 'receive', label: 'Receive' },
                { value: 'return', label: 'Return' },
              ]}
              value={action}
              onChange={(value) => switchAction(bulkActionOf(value))}
            />
            <Text size="sm">
              One part per row under the header{' '}
              <Text span ff="monospace">
                Part Number,Part Name,Part Nickname,Quantity
              </Text>
              .{' '}
              {action === 'receive'
                ? 'Receiving needs every column; a part number new to the catalogue is added with its name and nickname.'
                : 'Returning needs the part number and quantity; the names may be left empty.'}{' '}
              Rows with an empty part number, a text past its limit (part number {MAX_LENGTH.partNumber}, names {MAX_LENGTH.partName} characters) or a quantity
              that is not a whole number from 1 to {MAX_QUANTITY.toLocaleString('en-US')} are marked Invalid row and skipped.
            </Text>
            <Group gap="sm" wrap="wrap" align="flex-end">
              <Button variant="default" onClick={() => downloadText(TEMPLATE_FILE_NAME, BULK_TEMPLATE)}>
                Download Template
              </Button>
              <FileInput
                label="CSV file"
                placeholder="Choose a .csv file"
                accept=".csv,text/csv"
                value={upload?.file ?? null}
                onChange={(file) => void choose(file)}
                clearable
                w={{ base: '100%', xs: 320 }}
              />
            </Group>
          </Stack>
        </Paper>

        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {preview && !preview.ok && (
          <Alert color="red" role="alert" title="This file cannot be used">
            {preview.message}
          </Alert>
        )}

        {answer ? (
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Title order={4}>Results</Title>
              <ResultsTable answer={answer} />
              <Group gap="sm">
                <Button component={Link} to="/dashboard/receive_return">
                  Back to Project Logs
                </Button>
                <Button variant="default" onClick={() => void choose(null)}>
                  Upload another file
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : (
          preview?.ok && (
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Title order={4}>Preview</Title>
                  <Text size="sm" c="dimmed">
                    {preview.rows.length} rows · {valid} ready · {preview.rows.length - valid} invalid
                  </Text>
                </Group>
                {preview.rows.length > 0 && <PreviewTable rows={preview.rows} />}
                <Group>
                  {frozen ? (
                    <ReasonedDisabledButton reason={FROZEN_REASON}>{submitLabel}</ReasonedDisabledButton>
                  ) : (
                    <Button onClick={() => void submit()} loading={isLoading} disabled={!project || valid === 0}>
                      {submitLabel}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>
          )
        )}
      </Stack>
    </>
  );
}

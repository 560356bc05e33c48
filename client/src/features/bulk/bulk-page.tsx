/**
 * /dashboard/receive_return/bulk?action=receive|return (spec 01 §2, §5, §8): download the template,
 * upload a CSV and see the server's verdict on every row (a dry run: the same reader and rules as
 * the real upload) with what it does to each part's on hand, then apply the file as one batch, all
 * or none. Uploading the same file again applies nothing twice: the server reports Skipped.
 */
import { BULK_NOTHING_APPLIED } from '@contract/messages.ts';
import { Alert, Button, FileInput, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { downloadText } from '../../api/download.ts';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import type { BulkAction, BulkAnswer } from '../../api/material-types.ts';
import { useBulkPreviewMutation, useBulkUploadMutation } from '../../api/stock-api.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { MAX_LENGTH, MAX_QUANTITY } from '../../shared/field-limits.ts';
import { toast } from '../../shared/toast.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ReasonedDisabledButton } from '../../components/reasoned-disabled-button.tsx';
import { ProjectPicker } from '../../shared/projects/project-picker.tsx';
import { useCurrentProjectSync } from '../../shared/projects/use-current-project-sync.ts';
import { selectCurrentProject } from '../../shared/session/session-selectors.ts';
import { FROZEN_REASON, useSiteStatus } from '../../shared/site/site-status.ts';
import { BULK_TEMPLATE, TEMPLATE_FILE_NAME, bulkActionOf } from './bulk-csv.ts';
import { VerdictTable } from './bulk-tables.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';

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
  const [askPreview] = useBulkPreviewMutation();
  const [preview, setPreview] = useState<{ answer: BulkAnswer | null; error: string | null } | null>(null);
  const idempotency = useIdempotencyKey();
  const projectId = project?.id ?? null;
  const ready = preview?.answer?.summary.ok ?? 0;
  const refused = preview?.answer ? preview.answer.summary.failed : 0;
  const verb = action === 'return' ? 'Return' : 'Receive';
  const submitLabel = `${verb} ${ready} ${ready === 1 ? 'row' : 'rows'}`;
  const { frozen } = useSiteStatus();

  // Each file, action and project is read by the server once; a later answer replaces an earlier one.
  useEffect(() => {
    setPreview(null);
    if (!upload || !projectId) return;
    let current = true;
    void askPreview({ projectId, action, csv: upload.text }).then((result) => {
      if (!current) return;
      setPreview(result.data ? { answer: result.data, error: null } : { answer: null, error: messageOr(result.error, 'This file cannot be used') });
    });
    return () => {
      current = false;
    };
  }, [upload, action, projectId, askPreview]);

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
    const { invalid, failed, skipped } = result.data.summary;
    if (!result.data.applied && skipped === 0) toast.error(BULK_NOTHING_APPLIED);
    else if (invalid + failed > 0) toast.error('Some rows failed to submit');
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
              that is not a whole number from 1 to {MAX_QUANTITY.toLocaleString('en-US')} are marked Invalid row and skipped. The file is applied as one batch:
              if any other row is refused, nothing is applied.
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

        <FailureAlert failure={failure} />
        {preview?.error && (
          <Alert color="red" role="alert" title="This file cannot be used">
            {preview.error}
          </Alert>
        )}

        {answer ? (
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Title order={4}>Results</Title>
              {answer.applied && <Text size="sm">Applied as one batch. It can be reversed in one step from the Project Logs.</Text>}
              <VerdictTable answer={answer} label="Results" />
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
          upload &&
          !preview?.error && (
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Title order={4}>Preview</Title>
                  {!preview && <Loader size="sm" aria-label="Checking the file" />}
                </Group>
                {preview?.answer && (
                  <>
                    {refused > 0 && (
                      <Alert color="red" role="alert">
                        {refused === 1 ? '1 row is' : `${refused} rows are`} refused, so nothing in this file would be applied. Fix the file and choose it
                        again.
                      </Alert>
                    )}
                    <VerdictTable answer={preview.answer} label="Preview" />
                  </>
                )}
                <Group>
                  {frozen ? (
                    <ReasonedDisabledButton reason={FROZEN_REASON}>{submitLabel}</ReasonedDisabledButton>
                  ) : (
                    <Button onClick={() => void submit()} loading={isLoading} disabled={!project || !preview?.answer || ready === 0 || refused > 0}>
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

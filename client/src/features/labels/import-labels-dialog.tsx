/**
 * Import Labels (spec 02 §2.12, preformatted files): pick a .csv or .xlsx file whose rows are
 * labels, optionally tag them with a System and a Cluster/Pod, see the first rows, and import them
 * in requests of up to 5,000 labels with a progress bar. On success the dialog closes and the list
 * reloads (the import invalidates it).
 */
import { Alert, Button, FileInput, Group, Progress, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LABEL_LIMITS, type NewLabel } from '@contract/labels.ts';
import { messageOr } from '../../api/error-message.ts';
import { useImportLabelsMutation } from '../../api/labels-api.ts';
import { toast } from '../../app/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { preformattedLabels, readLabelFile } from './label-file.ts';

const PREVIEW_ROWS = 10;

/** Rows with their numbers from 1, which are their keys: the list never reorders. */
const numbered = <T,>(items: readonly T[]) => items.map((item, index) => ({ n: index + 1, item }));

export function ImportLabelsDialog({ opened, projectId, onClose }: { opened: boolean; projectId: string; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [system, setSystem] = useState('');
  const [clusterPod, setClusterPod] = useState('');
  const [labels, setLabels] = useState<NewLabel[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [importLabels] = useImportLabelsMutation();

  const reset = () => {
    setFile(null);
    setLabels(null);
    setError(null);
    setProgress(null);
  };
  const close = () => {
    if (progress) return;
    reset();
    onClose();
  };
  const preview = async () => {
    if (!file) return;
    const read = await readLabelFile(file);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    const found = preformattedLabels(read.rows, { system, clusterPod });
    if (found.length === 0) setError('File is empty');
    else {
      setError(null);
      setLabels(found);
    }
  };
  const run = async () => {
    if (!labels) return;
    setProgress({ done: 0, total: labels.length });
    for (let start = 0; start < labels.length; start += LABEL_LIMITS.importBatch) {
      const result = await importLabels({ projectId, labels: labels.slice(start, start + LABEL_LIMITS.importBatch) });
      if ('error' in result) {
        setError(messageOr(result.error, 'Failed to import labels'));
        setProgress(null);
        return;
      }
      setProgress({ done: start + result.data.imported, total: labels.length });
    }
    toast.success(`Successfully imported ${labels.length.toLocaleString('en-US')} labels`);
    setProgress(null);
    reset();
    onClose();
  };

  return (
    <AppModal opened={opened} onClose={close} title="Import Labels" size="lg">
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        {labels === null ? (
          <>
            <FileInput label="File" placeholder="Choose a .csv or .xlsx file" accept=".csv,.xlsx" value={file} onChange={setFile} clearable />
            <Text size="xs" c="dimmed">
              Each row is one label; its non-blank cells are the label's lines.
            </Text>
            <Group grow>
              <TextInput label="System" value={system} maxLength={LABEL_LIMITS.tag} onChange={(e) => setSystem(e.currentTarget.value)} />
              <TextInput label="Cluster/Pod" value={clusterPod} maxLength={LABEL_LIMITS.tag} onChange={(e) => setClusterPod(e.currentTarget.value)} />
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={() => void preview()} disabled={!file}>
                Preview
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Table.ScrollContainer minWidth={400}>
              <Table striped aria-label="Import preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>Lines</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {numbered(labels.slice(0, PREVIEW_ROWS)).map(({ n, item: l }) => (
                    <Table.Tr key={n}>
                      <Table.Td>{n}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-line' }}>{l.label_lines.join('\n')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {progress && <Progress value={(100 * progress.done) / progress.total} aria-label="Import progress" />}
            {progress && (
              <Text size="sm">
                {progress.done.toLocaleString('en-US')} / {progress.total.toLocaleString('en-US')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={Boolean(progress)}>
                Cancel
              </Button>
              <Button onClick={() => void run()} loading={Boolean(progress)}>
                Import {labels.length.toLocaleString('en-US')} Labels
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </AppModal>
  );
}

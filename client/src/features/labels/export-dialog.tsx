/**
 * The Export Labels dialog (spec 02 §2.12): CSV or XLSX and a filename whose extension follows the
 * format; the default name is labels_ plus a timestamp with colons as dashes. Cancel and close
 * reset it to CSV.
 */
import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { defaultExportName, type ExportFormat, exportFileName, LABEL_LIMITS, LABEL_MESSAGES } from '@contract/labels.ts';
import { AppModal } from '../../components/app-modal.tsx';

interface ExportDialogProps {
  opened: boolean;
  count: number;
  onClose: () => void;
  /** Writes the file; resolves true when it was saved. */
  onExport: (format: ExportFormat, filename: string) => Promise<boolean>;
}

export function ExportDialog({ opened, count, onClose, onExport }: ExportDialogProps) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [filename, setFilename] = useState(() => defaultExportName('csv'));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFormat('csv');
    setFilename(defaultExportName('csv'));
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const changeFormat = (value: string) => {
    const next = value as ExportFormat;
    setFormat(next);
    setFilename((name) => exportFileName(name, next));
  };
  const submit = async () => {
    if (!filename.trim()) {
      setError(LABEL_MESSAGES.filenameRequired);
      return;
    }
    setBusy(true);
    try {
      if (await onExport(format, exportFileName(filename, format))) reset();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal opened={opened} onClose={close} title="Export Labels" size="md">
      <Stack gap="md">
        <Text size="sm">
          {count.toLocaleString('en-US')} label{count === 1 ? '' : 's'} selected.
        </Text>
        <Radio.Group label="Format" value={format} onChange={changeFormat}>
          <Group gap="lg" mt={4}>
            <Radio value="csv" label="CSV" />
            <Radio value="xlsx" label="XLSX" />
          </Group>
        </Radio.Group>
        <TextInput
          label="Filename"
          value={filename}
          maxLength={LABEL_LIMITS.fileName}
          onChange={(e) => {
            setFilename(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Text size="xs" c="dimmed">
          The file is saved to your browser's default download location.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Export
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

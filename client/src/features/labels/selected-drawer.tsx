/**
 * The Selected Labels drawer (spec 02 §2.10), fixed at the bottom of the page and collapsed by
 * default: "N selected", Copy Selected and Copy All; expanded, Remove Selected, Remove All and the
 * selected labels in a table with the same selection behaviour as the main one. Export Selected
 * opens the export dialog, Print Selected the print dialog on the drawer's labels.
 */
import { Button, Group, Paper, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Label } from '@contract/labels.ts';
import { LABEL_MESSAGES } from '@contract/labels.ts';
import { LabelTable } from './label-table.tsx';
import type { RowSelection } from './label-selection.ts';

interface SelectedDrawerProps {
  labels: readonly Label[];
  opened: boolean;
  onToggle: () => void;
  lineColumns: number;
  selection: RowSelection;
  onSelectionChange: (next: RowSelection) => void;
  mainSelectedCount: number;
  pageCount: number;
  onCopySelected: () => void;
  onCopyAll: () => void;
  onRemoveSelected: () => void;
  onRemoveAll: () => void;
  onExport: () => void;
  /** Prints the drawer's labels. */
  print?: ReactNode;
}

export function SelectedDrawer(props: SelectedDrawerProps) {
  const { labels, opened, selection } = props;
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      role="region"
      aria-label="Selected Labels"
      style={{ position: 'sticky', bottom: 0, zIndex: 5, marginTop: 'var(--mantine-spacing-md)' }}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <UnstyledButton onClick={props.onToggle} aria-expanded={opened} aria-label={opened ? 'Collapse selected labels' : 'Expand selected labels'}>
          <Group gap={6} wrap="nowrap">
            <Text fw={700} size="sm">
              {opened ? '▾' : '▴'} Selected Labels
            </Text>
            <Text size="sm" c="dimmed">
              {labels.length.toLocaleString('en-US')} selected
            </Text>
          </Group>
        </UnstyledButton>
        <Group gap="xs" wrap="wrap">
          {opened ? (
            <>
              <Button size="xs" variant="default" onClick={props.onRemoveSelected} disabled={selection.selected.size === 0}>
                Remove Selected
              </Button>
              <Button size="xs" variant="default" onClick={props.onRemoveAll} disabled={labels.length === 0}>
                Remove All
              </Button>
            </>
          ) : (
            <>
              <Button size="xs" variant="default" onClick={props.onCopySelected} disabled={props.mainSelectedCount === 0}>
                Copy Selected
              </Button>
              <Button size="xs" variant="default" onClick={props.onCopyAll} disabled={props.pageCount === 0}>
                Copy All
              </Button>
            </>
          )}
          {props.print}
          <Button size="xs" onClick={props.onExport}>
            Export Selected
          </Button>
        </Group>
      </Group>
      {opened && (
        <ScrollArea.Autosize mah="40vh" mt="sm" type="auto">
          <LabelTable
            label="Selected labels"
            labels={labels}
            lineColumns={props.lineColumns}
            selection={selection}
            onSelectionChange={props.onSelectionChange}
            emptyText={LABEL_MESSAGES.emptyDrawer}
          />
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

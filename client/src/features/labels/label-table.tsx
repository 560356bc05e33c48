/**
 * A table of labels with row selection (spec 02 §2.10): a select-all checkbox (indeterminate when
 * some rows are selected), Line 1..N, Cluster/Pod and System (N/A when empty). Used by the main
 * list and by the Selected Labels drawer, with the same selection behaviour in both.
 */
import { Checkbox, Table, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import type { Label } from '@contract/labels.ts';
import { clickRow, headerState, type RowSelection, toggleAllRows } from './label-selection.ts';

interface LabelTableProps {
  labels: readonly Label[];
  lineColumns: number;
  selection: RowSelection;
  onSelectionChange: (next: RowSelection) => void;
  emptyText: string;
  /** Names the table for assistive technology and tests. */
  label: string;
}

const orNA = (value: string | null) => (value ? value : 'N/A');

export function LabelTable({ labels, lineColumns, selection, onSelectionChange, emptyText, label }: LabelTableProps) {
  const ids = labels.map((l) => l.id);
  const header = headerState(selection.selected, ids);
  const onRowClick = (event: MouseEvent, id: string) => onSelectionChange(clickRow(selection, ids, { id, shift: event.shiftKey }));
  const lines = Array.from({ length: lineColumns }, (_, i) => i);

  return (
    // With no rows nothing needs the width, and the empty text stays readable on a phone.
    <Table.ScrollContainer minWidth={labels.length === 0 ? 0 : Math.max(480, 160 * lineColumns + 260)}>
      <Table striped highlightOnHover aria-label={label} aria-multiselectable verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={`Select all in ${label}`}
                checked={header === 'all'}
                indeterminate={header === 'some'}
                disabled={labels.length === 0}
                onChange={() => onSelectionChange(toggleAllRows(selection, ids))}
              />
            </Table.Th>
            {lines.map((i) => (
              <Table.Th key={i}>Line {i + 1}</Table.Th>
            ))}
            <Table.Th>Cluster/Pod</Table.Th>
            <Table.Th>System</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {labels.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={lineColumns + 3}>
                <Text c="dimmed" ta="center" py="lg" size="sm">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            labels.map((l) => {
              const selected = selection.selected.has(l.id);
              return (
                <Table.Tr
                  key={l.id}
                  aria-selected={selected}
                  bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
                  style={{ cursor: 'pointer', userSelect: 'none' }}
                  onClick={(e) => onRowClick(e, l.id)}
                >
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      aria-label={`Select ${l.label_lines[0] || 'label'}`}
                      checked={selected}
                      onChange={() => onSelectionChange(clickRow(selection, ids, { id: l.id, shift: false }))}
                    />
                  </Table.Td>
                  {lines.map((i) => (
                    <Table.Td key={i} style={{ whiteSpace: 'pre' }}>
                      {l.label_lines[i] ?? ''}
                    </Table.Td>
                  ))}
                  <Table.Td>{orNA(l.cluster_pod)}</Table.Td>
                  <Table.Td>{orNA(l.system)}</Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

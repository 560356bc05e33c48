/**
 * Printing the rows a person ticks in a table: the tick per row and the select-all over the rows
 * shown, kept as a set of keys, and the "Print Labels (N)" button that opens the print dialog.
 */
import { Button, Checkbox } from '@mantine/core';
import type { PrintSourceInput } from '@contract/label-print.ts';
import { useMemo, useState } from 'react';
import { selectionState, toggleAll, toggleOne } from '../../shared/selection.ts';
import type { VirtualColumn } from '../virtual-table.tsx';
import { useLabelPrintDialog } from './label-print-slot.ts';

export interface RowSelection {
  /** The keys of the rows shown that are ticked, in the order shown. */
  keys: string[];
  has: (key: string) => boolean;
  toggle: (key: string) => void;
  /** Ticks every row shown, or clears them when all are ticked already. */
  toggleAll: () => void;
  state: ReturnType<typeof selectionState>;
}

/**
 * A selection over `shown` (the keys of the selectable rows in view). Ticked rows a search hides
 * stay ticked but are not counted, so what is printed is what is seen ticked. Another `scope` (a
 * project, a warehouse) starts with nothing ticked.
 */
export function useRowSelection(shown: readonly string[], scope = ''): RowSelection {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [seenScope, setSeenScope] = useState(scope);
  if (seenScope !== scope) {
    setSeenScope(scope);
    setSelected(new Set());
  }
  return useMemo(() => {
    const keys = shown.filter((key) => selected.has(key));
    return {
      keys,
      has: (key) => selected.has(key),
      toggle: (key) => setSelected((current) => toggleOne(current, key)),
      toggleAll: () => setSelected((current) => toggleAll(current, shown)),
      state: selectionState(selected, shown),
    };
  }, [shown, selected]);
}

/** The tick column of a virtual table; rows without a key (nothing to print) have no tick. */
export function selectColumn<T>(selection: RowSelection, key: (row: T) => string | null, name: (row: T) => string): VirtualColumn<T> {
  return {
    key: 'select',
    header: '',
    width: 40,
    render: (row) => {
      const k = key(row);
      return k === null ? null : <Checkbox aria-label={`Select ${name(row)}`} checked={selection.has(k)} onChange={() => selection.toggle(k)} />;
    },
  };
}

/** The select-all tick over the rows shown, indeterminate when some are ticked. */
export function SelectAllCheckbox({ selection, noun, total }: { selection: RowSelection; noun: string; total: number }) {
  return (
    <Checkbox
      label={`Select all (${total.toLocaleString('en-US')})`}
      aria-label={`Select all ${noun}`}
      checked={selection.state === 'all' && total > 0}
      indeterminate={selection.state === 'some'}
      disabled={total === 0}
      onChange={selection.toggleAll}
    />
  );
}

interface PrintLabelsButtonProps {
  count: number;
  /** What to print; called when the dialog opens, so it names the rows ticked then. */
  source: () => PrintSourceInput;
  templateProjectId?: string;
  label?: string;
  /** Whether the label says how many ("Print Labels (30)"); a single record's button need not. */
  withCount?: boolean;
  size?: 'xs' | 'sm';
}

/** "Print Labels (N)": disabled with nothing ticked; opens the print dialog on what is. Absent where no dialog is provided. */
export function PrintLabelsButton({ count, source, templateProjectId, label = 'Print Labels', withCount = true, size = 'sm' }: PrintLabelsButtonProps) {
  const Dialog = useLabelPrintDialog();
  const [printing, setPrinting] = useState<{ source: PrintSourceInput; count: number } | null>(null);
  if (!Dialog) return null;
  return (
    <>
      <Button size={size} variant="default" disabled={count === 0} onClick={() => setPrinting({ source: source(), count })}>
        {withCount ? `${label} (${count.toLocaleString('en-US')})` : label}
      </Button>
      {printing && <Dialog opened onClose={() => setPrinting(null)} source={printing.source} count={printing.count} templateProjectId={templateProjectId} />}
    </>
  );
}

/** The wizards' last step: what is about to be sent, for a last look before it is. */
import { SummaryTable } from '../../components/summary-table.tsx';
import { binInfo, type StockAction, type WizardValues } from './wizard-rules.ts';

export function ConfirmStep({ lines }: { lines: [string, string][] }) {
  return <SummaryTable lines={lines} labelWidth={140} />;
}

/** The confirm step's summary of what is about to be sent. */
export function summaryLines(
  action: StockAction,
  values: WizardValues,
  partName: string | undefined,
  userName: string | undefined,
  withBin: boolean,
): [string, string][] {
  const lines: [string, string][] = [['Part Number', values.partNumber.trim()]];
  if (action === 'receive' && values.mode === 'new') {
    lines.push(['Part Name', values.partName.trim()], ['Nickname', values.nickname.trim()], ['Part type', 'New part']);
  } else if (partName) {
    lines.push(['Part Name', partName]);
  }
  lines.push(['Quantity', values.quantity.trim()]);
  if (action === 'assign') lines.push(['Assign to', userName ?? '—']);
  if (action === 'unassign') lines.push(['Unassign from', userName ?? '—']);
  if (action === 'return' && withBin) lines.push(['Rack & shelf', binInfo(values.rack, values.shelf) ?? '—']);
  return lines;
}

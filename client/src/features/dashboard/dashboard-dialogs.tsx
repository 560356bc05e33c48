/**
 * Shows the dialog on top of the dashboard's stack; closing it returns to the one beneath. Each
 * dialog's code loads when it first opens, so the dashboard paints without them.
 */
import type { InventoryRow } from '../../api/material-types.ts';
import { DialogSuspense, lazyNamed, usePreloaded } from '../../components/lazy-named.tsx';
import type { DashboardDialog } from './dialog-stack.ts';

const ExplainModal = lazyNamed(() => import('./explain-modal.tsx'), 'ExplainModal');
const LostFoundModal = lazyNamed(() => import('./lost-found-modal.tsx'), 'LostFoundModal');
const MaterialDetailsModal = lazyNamed(() => import('./material-details-modal.tsx'), 'MaterialDetailsModal');
const MaterialLogsModal = lazyNamed(() => import('./material-logs-modal.tsx'), 'MaterialLogsModal');
const StockWarningsModal = lazyNamed(() => import('./stock-warnings-modal.tsx'), 'StockWarningsModal');
const StockWizard = lazyNamed(() => import('./stock-wizard.tsx'), 'StockWizard');

interface DashboardDialogsProps {
  projectId: string;
  top: DashboardDialog | undefined;
  rows: readonly InventoryRow[];
  /** The rows with this device's pending actions applied: what a field action is checked against. */
  fieldRows?: readonly InventoryRow[];
  canCurate: boolean;
  onOpen: (dialog: DashboardDialog) => void;
  onBack: () => void;
}

const DIALOGS = [ExplainModal, LostFoundModal, MaterialDetailsModal, MaterialLogsModal, StockWarningsModal, StockWizard];

export function DashboardDialogs(props: DashboardDialogsProps) {
  usePreloaded(DIALOGS);
  if (!props.top) return null;
  return (
    <DialogSuspense>
      <TopDialog {...props} top={props.top} />
    </DialogSuspense>
  );
}

function TopDialog({ projectId, top, rows, fieldRows = rows, canCurate, onOpen, onBack }: DashboardDialogsProps & { top: DashboardDialog }) {
  const rowOf = (materialId: string) => rows.find((r) => r.material_id === materialId);
  const fieldRowOf = (materialId: string) => fieldRows.find((r) => r.material_id === materialId);
  switch (top.kind) {
    case 'details':
      return <MaterialDetailsModal projectId={projectId} row={rowOf(top.materialId)} canCurate={canCurate} onOpen={onOpen} onClose={onBack} />;
    case 'explain': {
      const row = rowOf(top.materialId);
      return row ? <ExplainModal projectId={projectId} partNumber={row.PartNumber} figure={top.figure} onClose={onBack} /> : null;
    }
    case 'lost':
    case 'found': {
      const row = fieldRowOf(top.materialId);
      return row ? <LostFoundModal projectId={projectId} row={row} mode={top.kind} onDone={onBack} /> : null;
    }
    case 'warnings':
      return <StockWarningsModal projectId={projectId} rows={rows} materialId={top.materialId} onDone={onBack} />;
    case 'logs':
      return <MaterialLogsModal projectId={projectId} rows={rows} group={top.group} search={top.search} onClose={onBack} />;
    case 'wizard':
      return <StockWizard projectId={projectId} action={top.action} rows={fieldRows} onClose={onBack} />;
    default: {
      const unknown: never = top;
      throw new Error(`Unknown dialog ${JSON.stringify(unknown)}`);
    }
  }
}

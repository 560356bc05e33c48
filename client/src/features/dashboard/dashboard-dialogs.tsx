/** Shows the dialog on top of the dashboard's stack; closing it returns to the one beneath. */
import type { InventoryRow } from '../../api/material-types.ts';
import type { DashboardDialog } from './dialog-stack.ts';
import { ExplainModal } from './explain-modal.tsx';
import { LostFoundModal } from './lost-found-modal.tsx';
import { MaterialDetailsModal } from './material-details-modal.tsx';
import { MaterialLogsModal } from './material-logs-modal.tsx';
import { StockWarningsModal } from './stock-warnings-modal.tsx';
import { StockWizard } from './stock-wizard.tsx';

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

export function DashboardDialogs({ projectId, top, rows, fieldRows = rows, canCurate, onOpen, onBack }: DashboardDialogsProps) {
  if (!top) return null;
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

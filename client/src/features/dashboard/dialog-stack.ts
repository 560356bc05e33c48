/**
 * The dashboard's dialogs form a stack: Details opens an explanation or Mark Lost on top of
 * itself, and closing that returns to Details with fresh numbers. Only the top one is shown.
 * Parts are named by material id, which survives a renumbering.
 */
import type { Figure } from '../../api/material-types.ts';
import type { StockAction } from './wizard-rules.ts';

export type LogGroup = 'receive_return' | 'assign_unassign';

export type DashboardDialog =
  | { kind: 'details'; materialId: string }
  | { kind: 'explain'; materialId: string; figure: Figure }
  | { kind: 'lost' | 'found'; materialId: string }
  | { kind: 'warnings'; materialId: string | null }
  | { kind: 'logs'; group: LogGroup; search: string }
  | { kind: 'wizard'; action: StockAction };

export type DialogCommand = { type: 'open'; dialog: DashboardDialog } | { type: 'back' } | { type: 'closeAll' };

export function dialogStack(stack: readonly DashboardDialog[], command: DialogCommand): DashboardDialog[] {
  switch (command.type) {
    case 'open':
      return [...stack, command.dialog];
    case 'back':
      return stack.slice(0, -1);
    case 'closeAll':
      return [];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown dialog command ${JSON.stringify(unknown)}`);
    }
  }
}

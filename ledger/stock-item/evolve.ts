import type { StockItemEvent } from './events.ts';
import type { StockItemState } from './state.ts';
import { stockDeltas } from './stock-numbers.ts';

function applyToUser(assignments: Record<string, number>, userId: string, delta: number): Record<string, number> {
  const next = { ...assignments };
  const qty = (next[userId] ?? 0) + delta;
  if (qty === 0) delete next[userId];
  else next[userId] = qty;
  return next;
}

export function evolve(state: StockItemState, event: StockItemEvent): StockItemState {
  const d = stockDeltas(event);
  const next: StockItemState = {
    ...state,
    exists: true,
    partNumber: event.data.partNumber,
    partName: event.data.partName,
    logistics: state.logistics + d.logistics,
    onHand: state.onHand + d.onHand,
    field: state.field + d.field,
    lost: state.lost + d.lost,
    assignments: d.user ? applyToUser(state.assignments, d.user.userId, d.user.delta) : state.assignments,
  };
  switch (event.type) {
    case 'StockWarningsSet':
      return { ...next, lowThreshold: event.data.lowThreshold, criticalThreshold: event.data.criticalThreshold };
    case 'MaterialReceived':
    case 'MaterialReturned':
    case 'MaterialAssigned':
    case 'MaterialUnassigned':
    case 'MaterialMarkedLost':
    case 'MaterialMarkedFound':
      return next;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

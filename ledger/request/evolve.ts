import type { RequestEvent } from './events.ts';
import type { RequestLine, RequestState } from './state.ts';

function setLines(state: RequestState, ids: readonly string[], status: RequestLine['status']): RequestLine[] {
  const set = new Set(ids);
  return state.lines.map((l) => (set.has(l.lineId) ? { ...l, status } : l));
}

export function evolve(state: RequestState, event: RequestEvent): RequestState {
  const status = event.data.status;
  switch (event.type) {
    case 'RequestSubmitted': {
      const d = event.data;
      return {
        status,
        requestId: d.requestId,
        projectId: d.projectId,
        type: d.type,
        requesterId: d.requesterId,
        reason: null,
        waitingDelivery: false,
        lines: d.lines.map((l) => ({ ...l, status: 'requested', requestedPartNumber: null, splitFrom: null })),
      };
    }
    case 'RequestHeld':
      return {
        ...state,
        status,
        reason: event.data.reason,
        waitingDelivery: event.data.waitingDelivery,
        lines: setLines(state, event.data.lineIds, 'on-hold'),
      };
    case 'RequestReopened':
      return { ...state, status, reason: null, waitingDelivery: false, lines: setLines(state, event.data.lineIds, 'requested') };
    case 'RequestDenied':
      return { ...state, status, reason: event.data.reason, waitingDelivery: false, lines: setLines(state, event.data.lineIds, 'denied') };
    case 'RequestLineFulfilled': {
      const d = event.data;
      const lines: RequestLine[] = [];
      for (const line of state.lines) {
        if (line.lineId !== d.lineId) {
          lines.push(line);
          continue;
        }
        lines.push({
          ...line,
          qty: d.quantity,
          status: 'fulfilled',
          materialId: d.materialId,
          partNumber: d.partNumber,
          partName: d.partName,
          requestedPartNumber: d.requestedPartNumber,
        });
        if (d.remainderLine) lines.push({ ...d.remainderLine, status: 'requested', requestedPartNumber: null, splitFrom: line.lineId });
      }
      return { ...state, status, lines };
    }
    case 'RequestLinesChanged': {
      const byId = new Map(event.data.changes.map((c) => [c.lineId, c]));
      const lines = state.lines.map((l) => {
        const c = byId.get(l.lineId);
        if (!c) return l;
        return { ...l, qty: c.qty ?? l.qty, notes: c.notes === undefined ? l.notes : c.notes, status: c.status ?? l.status };
      });
      return { ...state, status, lines };
    }
    case 'RequestFulfilled':
    case 'RequestFinalised':
      return { ...state, status, waitingDelivery: false };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

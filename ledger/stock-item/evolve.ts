import type { StockItemEvent } from './events.ts';
import type { StockItemState } from './state.ts';
import { placeKey } from '../../contract/place.ts';
import { placeChanges, projectAssignmentChange, stockDeltas } from './stock-numbers.ts';

function applyToUser(assignments: Record<string, number>, userId: string, delta: number): Record<string, number> {
  const next = { ...assignments };
  const qty = (next[userId] ?? 0) + delta;
  if (qty === 0) delete next[userId];
  else next[userId] = qty;
  return next;
}

function applyToPlaces(places: StockItemState['places'], event: StockItemEvent): StockItemState['places'] {
  const changes = placeChanges(event);
  if (changes.length === 0) return places;
  const next = { ...places };
  for (const { place, delta } of changes) {
    const key = placeKey(place);
    const qty = (next[key]?.qty ?? 0) + delta;
    // The latest words about a place (its notes) are the ones it keeps.
    if (qty === 0) delete next[key];
    else next[key] = { place: delta > 0 || !next[key] ? place : next[key]!.place, qty };
  }
  return next;
}

function applyToProjects(projects: StockItemState['projects'], event: StockItemEvent): StockItemState['projects'] {
  const change = projectAssignmentChange(event);
  return change ? applyToUser(projects, change.projectId, change.delta) : projects;
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
    inTransit: state.inTransit + d.inTransit,
    incoming: state.incoming + d.incoming,
    assignments: d.user ? applyToUser(state.assignments, d.user.userId, d.user.delta) : state.assignments,
    places: applyToPlaces(state.places, event),
    projects: applyToProjects(state.projects, event),
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
    case 'MaterialRelocated':
    case 'MaterialAssignedToProject':
    case 'MaterialUnassignedFromProject':
    case 'MaterialReceivedFromWarehouse':
    case 'MaterialReturnedToWarehouse':
    case 'MaterialSentOnTransfer':
    case 'MaterialIncomingOnTransfer':
    case 'MaterialDeliveredOnTransfer':
    case 'MaterialReceivedOnTransfer':
    case 'MaterialReturnedFromTransfer':
    case 'MaterialIncomingCancelled':
    case 'StockMovementCorrected':
    case 'StockCounted':
      return next;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

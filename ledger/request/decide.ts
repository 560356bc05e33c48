/**
 * The request aggregate (spec 01 §4 Requests). A request is submitted `requested`; a manager holds
 * it (`requested`/`partial` → `on-hold`, optional reason or `waiting_delivery`), re-opens it
 * (`on-hold` → `requested`), denies it with a reason (any open state → `denied`), fulfils all of it
 * (any open state → `fulfilled`), fulfils part of it (`requested`/`partial` → `partial`, or
 * `on-hold` with `waiting_delivery`), or finalises it once every line is fulfilled, on hold or
 * denied. `fulfilled` and `denied` are final. Lines: requested → fulfilled (a quantity below the
 * line's splits it into a fulfilled line and a new requested line with the rest), requested ↔
 * on-hold, requested or on-hold → denied. Anything else is refused naming the state.
 *
 * The project's on hand arrives in the command, so "not more than on hand" is decided here; the
 * stock assignment each fulfilled line makes follows from its event (fulfil.ts).
 */
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { FulfilLine, RequestActor, RequestCommand } from './commands.ts';
import { type LineChange, type RequestEvent, type RequestStatus, WAITING_DELIVERY } from './events.ts';
import { evolve } from './evolve.ts';
import { lineRefused, REQUEST_MESSAGES as M, transitionRefused } from '../../contract/messages/requests.ts';
import { initialRequestState, openLines, type RequestLine, type RequestState } from './state.ts';

type Data<T extends RequestCommand['type']> = Extract<RequestCommand, { type: T }>['data'];

const OPEN: RequestStatus[] = ['requested', 'partial', 'on-hold'];
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function existing(state: RequestState): RequestStatus {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', M.notFound);
  return state.status;
}

function requireManager(actor: RequestActor): void {
  if (!actor.manager) throw new DomainError('FORBIDDEN', M.managerOnly);
}

function requireStatus(status: RequestStatus, allowed: RequestStatus[], action: string): void {
  if (!allowed.includes(status)) throw new DomainError('DOMAIN_RULE', transitionRefused(status, action));
}

function ids(state: RequestState) {
  return { requestId: state.requestId, projectId: state.projectId };
}

function submit(state: RequestState, d: Data<'SubmitRequest'>): RequestEvent[] {
  if (state.status !== 'none') throw new DomainError('CONFLICT', M.alreadyExists);
  if (d.lines.length === 0) throw new DomainError('VALIDATION', M.emptyPicklist);
  for (const line of d.lines) {
    if (!line.known) throw new DomainError('VALIDATION', d.type === 'Asset' ? M.assetNotFound : M.partNotFound);
    if (!Number.isInteger(line.qty) || line.qty < 1) throw new DomainError('VALIDATION', M.lineQuantity);
  }
  return [
    {
      type: 'RequestSubmitted',
      data: {
        requestId: d.requestId,
        projectId: d.projectId,
        status: 'requested',
        num: d.num,
        type: d.type,
        requesterId: d.requesterId,
        requesterName: d.requesterName,
        requesterEmail: d.requesterEmail,
        lines: d.lines.map(({ known: _, ...line }) => line),
        notes: d.notes,
        imagePath: d.imagePath,
      },
    },
  ];
}

function hold(state: RequestState, d: Data<'HoldRequest'>): RequestEvent[] {
  const status = existing(state);
  requireManager(d.actor);
  requireStatus(status, ['requested', 'partial'], 'hold');
  const reason = d.reason?.trim() || null;
  const lineIds = state.lines.filter((l) => l.status === 'requested').map((l) => l.lineId);
  return [{ type: 'RequestHeld', data: { ...ids(state), status: 'on-hold', reason, waitingDelivery: reason === WAITING_DELIVERY, lineIds } }];
}

function reopen(state: RequestState, d: Data<'ReopenRequest'>): RequestEvent[] {
  const status = existing(state);
  requireManager(d.actor);
  requireStatus(status, ['on-hold'], 're-open');
  const lineIds = state.lines.filter((l) => l.status === 'on-hold').map((l) => l.lineId);
  return [{ type: 'RequestReopened', data: { ...ids(state), status: 'requested', cause: 'manager', lineIds } }];
}

/** Covered when the on hand of each held line's part, taken line by line, is enough for all of them. */
function reopenOnReceive(state: RequestState, d: Data<'ReopenOnReceive'>): RequestEvent[] {
  if (state.status !== 'on-hold' || !state.waitingDelivery) return [];
  const held = state.lines.filter((l) => l.status === 'on-hold');
  const taken = new Map<string, number>();
  for (const line of held) {
    if (!line.materialId) return [];
    const need = (taken.get(line.materialId) ?? 0) + line.qty;
    if (need > (d.available[line.materialId] ?? 0)) return [];
    taken.set(line.materialId, need);
  }
  return [{ type: 'RequestReopened', data: { ...ids(state), status: 'requested', cause: 'receive', lineIds: held.map((l) => l.lineId) } }];
}

function deny(state: RequestState, d: Data<'DenyRequest'>): RequestEvent[] {
  const status = existing(state);
  requireManager(d.actor);
  const reason = d.reason?.trim() ?? '';
  if (!reason) throw new DomainError('VALIDATION', M.reasonRequired);
  requireStatus(status, OPEN, 'deny');
  return [{ type: 'RequestDenied', data: { ...ids(state), status: 'denied', reason, lineIds: openLines(state).map((l) => l.lineId) } }];
}

function findLine(state: RequestState, wanted: FulfilLine): RequestLine {
  if (wanted.lineId) {
    const line = state.lines.find((l) => l.lineId === wanted.lineId);
    if (!line) throw new DomainError('NOT_FOUND', M.lineNotFound);
    return line;
  }
  const matches = state.lines.filter((l) => same(l.partNumber, wanted.partNumber));
  const requested = matches.filter((l) => l.status === 'requested');
  if (requested.length > 1) throw new DomainError('VALIDATION', M.lineAmbiguous);
  const line = requested[0] ?? matches[0];
  if (!line) throw new DomainError('NOT_FOUND', M.lineNotFound);
  return line;
}

function fulfil(state: RequestState, d: Data<'FulfilRequest'>): RequestEvent[] {
  const status = existing(state);
  requireManager(d.actor);
  const all = d.lines.length === 0;
  requireStatus(status, all ? OPEN : ['requested', 'partial'], all ? 'fulfil' : 'fulfil part of');
  if (d.frozen) throw new DomainError('FROZEN', M.frozen);
  const wanted: FulfilLine[] = all
    ? openLines(state).map((l) => ({ lineId: l.lineId, partNumber: l.partNumber, quantity: l.qty, replacement: null, remainderLineId: '' }))
    : d.lines;
  if (wanted.length === 0) throw new DomainError('DOMAIN_RULE', M.nothingToFulfil);
  const taken = new Map<string, number>();
  const events: RequestEvent[] = [];
  let current = state;
  for (const w of wanted) {
    const line = findLine(current, w);
    const allowed = all ? line.status === 'requested' || line.status === 'on-hold' : line.status === 'requested';
    if (!allowed) throw new DomainError('DOMAIN_RULE', lineRefused(line.partNumber, line.status, 'fulfil'));
    if (!Number.isInteger(w.quantity) || w.quantity < 1 || w.quantity > line.qty) throw new DomainError('VALIDATION', M.invalidQuantity);
    const notFound = state.type === 'Asset' ? M.assetNotFound : M.partNotFound;
    if (w.replacement && !w.replacement.known) throw new DomainError('VALIDATION', notFound);
    const given = w.replacement ?? { materialId: line.materialId, partNumber: line.partNumber, partName: line.partName };
    // Material is counted per part; assets per asset number, as the instances that are free to give.
    const key = state.type === 'Asset' ? given.partNumber.trim().toLowerCase() : given.materialId;
    if (!key) throw new DomainError('VALIDATION', notFound);
    const before = taken.get(key) ?? 0;
    const free = state.type === 'Asset' ? (d.instances[key]?.length ?? 0) : (d.available[key] ?? 0);
    if (before + w.quantity > free) throw new DomainError('DOMAIN_RULE', M.insufficient);
    taken.set(key, before + w.quantity);
    const instanceIds = state.type === 'Asset' ? { instanceIds: d.instances[key]!.slice(before, before + w.quantity) } : {};
    const remainder = line.qty - w.quantity;
    const event: RequestEvent = {
      type: 'RequestLineFulfilled',
      data: {
        ...ids(state),
        status: 'partial',
        lineId: line.lineId,
        quantity: w.quantity,
        materialId: given.materialId,
        partNumber: given.partNumber,
        partName: given.partName,
        requestedPartNumber: w.replacement && !same(w.replacement.partNumber, line.partNumber) ? line.partNumber : null,
        remainderLine:
          remainder > 0
            ? {
                lineId: w.remainderLineId,
                materialId: line.materialId,
                partNumber: line.partNumber,
                partName: line.partName,
                qty: remainder,
                notes: line.notes,
              }
            : null,
        assignedTo: state.requesterId,
        ...instanceIds,
      },
    };
    events.push(event);
    current = evolve(current, event);
  }
  const stillOpen = openLines(current);
  if (stillOpen.length === 0) {
    events.push({ type: 'RequestFulfilled', data: { ...ids(state), status: 'fulfilled' } });
  } else if (d.remainder === 'waiting_delivery') {
    const lineIds = stillOpen.filter((l) => l.status === 'requested').map((l) => l.lineId);
    events.push({ type: 'RequestHeld', data: { ...ids(state), status: 'on-hold', reason: WAITING_DELIVERY, waitingDelivery: true, lineIds } });
  }
  return events;
}

function changeLines(state: RequestState, d: Data<'ChangeLines'>): RequestEvent[] {
  const status = existing(state);
  if (!d.actor.manager && !d.actor.requester) throw new DomainError('FORBIDDEN', M.requesterOnly);
  requireStatus(status, d.actor.manager ? OPEN : ['requested'], 'change the lines of');
  const changes: LineChange[] = [];
  for (const change of d.changes) {
    const line = state.lines.find((l) => l.lineId === change.lineId);
    if (!line) throw new DomainError('NOT_FOUND', M.lineNotFound);
    if (line.status === 'fulfilled') throw new DomainError('DOMAIN_RULE', lineRefused(line.partNumber, line.status, 'change'));
    if (change.status !== undefined && change.status !== line.status && !d.actor.manager) throw new DomainError('FORBIDDEN', M.managerOnly);
    if (change.status === 'fulfilled') throw new DomainError('DOMAIN_RULE', lineRefused(line.partNumber, line.status, 'mark fulfilled without fulfilling'));
    if (change.qty !== undefined) {
      if (!Number.isInteger(change.qty) || change.qty < 1) throw new DomainError('VALIDATION', M.lineQuantity);
      if (change.qty !== line.qty && line.status !== 'requested')
        throw new DomainError('DOMAIN_RULE', lineRefused(line.partNumber, line.status, 'change the quantity of'));
    }
    changes.push(change);
  }
  return [{ type: 'RequestLinesChanged', data: { ...ids(state), status, changes, reason: d.reason?.trim() || null } }];
}

function finalise(state: RequestState, d: Data<'FinaliseRequest'>): RequestEvent[] {
  const status = existing(state);
  requireManager(d.actor);
  requireStatus(status, OPEN, 'finalise');
  if (state.lines.some((l) => l.status === 'requested')) throw new DomainError('DOMAIN_RULE', M.notAllSettled);
  const outcome: RequestStatus = state.lines.some((l) => l.status === 'fulfilled') ? 'fulfilled' : 'denied';
  return [{ type: 'RequestFinalised', data: { ...ids(state), status: outcome } }];
}

export function decide(command: RequestCommand, state: RequestState): RequestEvent[] {
  switch (command.type) {
    case 'SubmitRequest':
      return submit(state, command.data);
    case 'HoldRequest':
      return hold(state, command.data);
    case 'ReopenRequest':
      return reopen(state, command.data);
    case 'ReopenOnReceive':
      return reopenOnReceive(state, command.data);
    case 'DenyRequest':
      return deny(state, command.data);
    case 'FulfilRequest':
      return fulfil(state, command.data);
    case 'ChangeLines':
      return changeLines(state, command.data);
    case 'FinaliseRequest':
      return finalise(state, command.data);
    default: {
      const unknown: never = command;
      throw new Error(`unknown request command ${JSON.stringify(unknown)}`);
    }
  }
}

export const requestDecider: Decider<RequestCommand, RequestEvent, RequestState> = { initialState: initialRequestState, decide, evolve };

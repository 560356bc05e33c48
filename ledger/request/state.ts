import type { LineStatus, RequestStatus, RequestType } from './events.ts';

export interface RequestLine {
  lineId: string;
  materialId: string | null;
  partNumber: string;
  partName: string;
  qty: number;
  status: LineStatus;
  notes: string | null;
  /** The part asked for, when the line was fulfilled with a replacement. */
  requestedPartNumber: string | null;
  /** The line this one was split from by a partial fulfil. */
  splitFrom: string | null;
}

/** One request, folded from its own (short) stream. */
export interface RequestState {
  /** 'none' before it is submitted. */
  status: RequestStatus | 'none';
  requestId: string;
  projectId: string;
  type: RequestType;
  requesterId: string;
  reason: string | null;
  waitingDelivery: boolean;
  lines: RequestLine[];
}

export const initialRequestState = (): RequestState => ({
  status: 'none',
  requestId: '',
  projectId: '',
  type: 'Material',
  requesterId: '',
  reason: null,
  waitingDelivery: false,
  lines: [],
});

/** Lines still to be decided: requested or on hold. */
export const openLines = (state: RequestState) => state.lines.filter((l) => l.status === 'requested' || l.status === 'on-hold');

import type { LineChange, RequestLineData, RequestType } from './events.ts';

/**
 * What the caller is for this request, resolved before deciding: a manager (project admin or
 * manager, global admin, superadmin) manages it; the requester may change their own lines while it
 * is requested. A receive re-opening waiting requests acts as neither.
 */
export interface RequestActor {
  manager: boolean;
  requester: boolean;
}

/** A line as submitted: `known` says whether the part (or asset) exists in the project. */
export interface SubmittedLine extends RequestLineData {
  known: boolean;
}

/** A line to fulfil, named by its id (or by part number among the requested lines). */
export interface FulfilLine {
  lineId: string | null;
  partNumber: string;
  quantity: number;
  /** The part given instead; `known` false when the project has no such part. */
  replacement: { materialId: string | null; partNumber: string; partName: string; known: boolean } | null;
  /** The id the rest of the line gets when the quantity is below the line's (ids arrive from outside). */
  remainderLineId: string;
}

export type RequestCommand =
  | {
      type: 'SubmitRequest';
      data: {
        requestId: string;
        projectId: string;
        num: number;
        type: RequestType;
        requesterId: string;
        requesterName: string;
        requesterEmail: string;
        lines: SubmittedLine[];
        notes: string | null;
        imagePath: string | null;
      };
    }
  | { type: 'HoldRequest'; data: { reason: string | null; actor: RequestActor } }
  | { type: 'ReopenRequest'; data: { actor: RequestActor } }
  /** A receive: re-opens a request held waiting on delivery when `available` covers every held line. */
  | { type: 'ReopenOnReceive'; data: { available: Record<string, number> } }
  | { type: 'DenyRequest'; data: { reason: string | null; actor: RequestActor } }
  | {
      type: 'FulfilRequest';
      data: FulfilRequest & {
        /** The project's on hand per material id (material lines). */
        available: Record<string, number>;
      };
    }
  | { type: 'ChangeLines'; data: { changes: LineChange[]; reason: string | null; actor: RequestActor } }
  | { type: 'FinaliseRequest'; data: { actor: RequestActor } };

interface FulfilRequest {
  /** Empty: Fulfil All (every requested or on-hold line in full). */
  lines: FulfilLine[];
  /** After a partial fulfil, the lines still requested stay open or go on hold waiting on delivery. */
  remainder: 'open' | 'waiting_delivery';
  /** Asset lines: the project's available instances per asset number (lower case), in the order to give them. */
  instances: Record<string, string[]>;
  frozen: boolean;
  actor: RequestActor;
}

/**
 * A request command decided together with the project's stock and asset instances (fulfil.ts): a
 * fulfil reads the on hand from the stock streams, and names the requester as the stock and the
 * instances are assigned to them (their name as it reads now, and whether they are a member).
 */
export type RequestStockCommand =
  | Exclude<RequestCommand, { type: 'FulfilRequest' }>
  | { type: 'FulfilRequest'; data: FulfilRequest & { requester: { name: string; member: boolean } } };

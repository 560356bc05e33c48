import type { Place } from '../../contract/place.ts';
import type { AssetSnapshot, Owner } from '../asset/events.ts';
import type { CountLine } from './events.ts';

export interface Person {
  userId: string;
  userName: string;
}

/**
 * A part line's figures at the instant it was counted, and the lowest they reach at any later
 * movement (the same history a correction dated then is checked against): posting adds the line's
 * deltas to all of them, and refuses when any would fall below zero.
 */
export interface CountedInstantFigures {
  /** On hand at the line's place as of the counted instant (a project's on hand; a warehouse place's units). */
  expected: number;
  /** Lost outstanding of the stock item at the counted instant: a surplus takes back these first. */
  lostAtInstant: number;
  /** The lowest on hand (place units for a warehouse line) and lost outstanding after the instant; null when nothing moved since. */
  lowestOnHandAfter: number | null;
  lowestLostAfter: number | null;
  /** The stock item's figures now (the place's units for a warehouse line). */
  onHandNow: number;
  lostNow: number;
}

/** A part line as posting decides it. */
export interface PostPartLine {
  kind: 'part';
  lineId: string;
  seq: number;
  location: { kind: 'project' | 'warehouse'; id: string };
  materialId: string;
  partNumber: string;
  partName: string;
  place: Place | null;
  figures: CountedInstantFigures;
}

/**
 * An asset line as posting decides it. `heldAtStart` / `heldNow`: the location held the asset when
 * the count was opened and holds it now; `seen`: a counter counted it (1); `lost`: it is marked lost now.
 */
export interface PostAssetLine {
  kind: 'asset';
  lineId: string;
  seq: number;
  instanceId: string;
  asset: AssetSnapshot;
  owner: Owner | null;
  heldAtStart: boolean;
  heldNow: boolean;
  lost: boolean;
  inUseBy: string | null;
}

export type CountSessionCommand =
  | {
      type: 'OpenCount';
      data: {
        sessionId: string;
        name: string;
        location: { kind: 'project' | 'warehouse'; id: string };
        locationLabel: string;
        scopeLabel: string;
        dueDate: string | null;
        blind: boolean;
        doubleCount: boolean;
        includeAssets: boolean;
        /** Counters with whether each may count here (a member of the project; anyone for a warehouse's admins' pick). */
        counters: Array<Person & { member: boolean }>;
        lines: CountLine[];
      };
    }
  | {
      type: 'CountLine';
      data: {
        /** The plan's line, or a new line's descriptor (`planned: false`, a fresh id, seq assigned by decide). */
        line: CountLine;
        planned: boolean;
        counted: number;
        countedAt: Date;
        now: Date;
        counter: Person;
      };
    }
  | { type: 'RequestRecount'; data: { lineIds: string[]; note: string | null } }
  | { type: 'ChangeCounters'; data: { counters: Array<Person & { member: boolean }> } }
  | { type: 'CancelCount'; data: { reason: string | null } }
  | {
      type: 'PostCount';
      data: {
        sessionName: string;
        frozen: boolean;
        parts: PostPartLine[];
        assets: PostAssetLine[];
      };
    };

/**
 * The batches a run of scans ends in, each ONE command over the streams of every instance it
 * names: a box of serials received as new instances, several instances checked out to one person
 * or returned from use. What each line needs (its type, whether its serial is taken) is read
 * beside the streams, for all lines at once.
 */
import type { CatalogLookup, Gate, OwnerLookup } from '../asset/commands.ts';
import type { Owner } from '../asset/events.ts';

/** One scanned serial: a new instance (its id from outside decide) of the type its asset number names. */
export interface ScannedSerial {
  instanceId: string;
  serialNumber: string;
  /** As scanned or given for the batch: named in the refusal when no live type has it. */
  assetNumber: string;
  catalog: CatalogLookup | null;
  /** Another instance of this type holds the serial already. */
  serialTaken: boolean;
}

/** One scanned instance, or the refusal its code met before it named one (unreadable, no such asset, not the caller's). */
export type ScannedInstance = { instanceId: string; refusal: null } | { instanceId: null; refusal: string };

export type AssetScanCommand =
  | {
      type: 'ReceiveScannedInstances';
      data: Gate & {
        to: Owner;
        destination: OwnerLookup;
        parentWarehouseId: string | null;
        parent: OwnerLookup;
        condition: string | null;
        notes: string | null;
        lines: ScannedSerial[];
      };
    }
  | {
      type: 'SetScannedInUse';
      data: Gate & {
        inUse: boolean;
        userId: string | null;
        /** The live projects the user belongs to, checked against the project holding each instance. */
        memberOf: string[];
        notes: string | null;
        lines: ScannedInstance[];
      };
    };

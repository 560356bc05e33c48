/** What a person asks of an asset instance, and what every asset command reads beside its streams. */
import type { CategoryKind } from '../asset-category/events.ts';
import type { Owner } from './events.ts';

/** A warehouse or project as read beside the streams: null when there is none with that id. */
export type OwnerLookup = { active: boolean } | null;

/** The asset type as read beside the streams: null when there is no live type with that id. */
export interface CatalogLookup {
  catalogId: string;
  assetNumber: string;
  assetName: string;
  categoryName: string;
  kind: CategoryKind;
  serialRequired: boolean;
}

export interface Gate {
  /** The site's freeze_transactions. */
  frozen: boolean;
}

export type AssetInstanceCommand =
  | {
      type: 'ReceiveNewInstance';
      data: Gate & {
        instanceId: string;
        catalog: CatalogLookup | null;
        serialNumber: string | null;
        /** Another instance of this type has the serial already. */
        serialTaken: boolean;
        assetName: string | null;
        condition: string | null;
        notes: string | null;
        to: Owner;
        destination: OwnerLookup;
        parentWarehouseId: string | null;
        parent: OwnerLookup;
        metadata: Record<string, string | number | boolean | null>;
      };
    }
  | {
      type: 'MoveInstance';
      data: Gate & {
        /** Where the caller says it is (the warehouse or project of the route); absent: wherever it is. */
        from: Owner | { type: Owner['type']; id: null } | null;
        to: Owner;
        destination: OwnerLookup;
        notes: string | null;
      };
    }
  | { type: 'SetInstanceInUse'; data: Gate & { inUse: boolean; userId: string | null; userIsMember: boolean; notes: string | null } }
  | { type: 'MarkInstanceLost'; data: { at: Owner; notes: string | null } }
  | { type: 'MarkInstanceFound'; data: { at: Owner; notes: string | null } };

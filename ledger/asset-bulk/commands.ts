/** What a person does with bulk asset units; the destination and the freeze are read beside the streams. */
import type { Gate, OwnerLookup } from '../asset/commands.ts';
import type { AssetSnapshot, Owner } from '../asset/events.ts';

export type BulkAssetCommand =
  | { type: 'ReceiveBulk'; data: Gate & { asset: AssetSnapshot; at: Owner; destination: OwnerLookup; quantity: number; notes: string | null } }
  | { type: 'MoveBulk'; data: Gate & { asset: AssetSnapshot; from: Owner; to: Owner; destination: OwnerLookup; quantity: number; notes: string | null } }
  | { type: 'MarkBulkLost'; data: { asset: AssetSnapshot; at: Owner; quantity: number; notes: string | null } }
  | { type: 'MarkBulkFound'; data: { asset: AssetSnapshot; at: Owner; quantity: number; notes: string | null } };

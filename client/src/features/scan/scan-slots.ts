/**
 * What the scan screens show that belongs to another feature: an asset's card with its actions
 * (the assets feature's dialogs). The composition root hands it in, as the router does for the
 * dashboard's assets mode, so this feature does not import another.
 */
import type { ScanMatch } from '@contract/scan.ts';
import { type ComponentType, createContext, useContext } from 'react';

export type AssetScanMatch = Extract<ScanMatch, { kind: 'asset' }>;

export interface ScanSlots {
  AssetCard: ComponentType<{ match: AssetScanMatch }> | null;
}

export const ScanSlotsContext = createContext<ScanSlots>({ AssetCard: null });

export const useScanSlots = () => useContext(ScanSlotsContext);

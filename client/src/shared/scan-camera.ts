/**
 * The camera that reads codes, handed down from the composition root: the camera lives in the scan
 * feature, and the screens of other features that take scans (a transfer, a request) show it too.
 */
import { type ComponentType, createContext, useContext } from 'react';

export interface ScanCameraProps {
  /** Called once per read. */
  onCode: (text: string, format: string) => void;
  /** Called when the camera cannot be used, with a message saying why. */
  onUnavailable?: (reason: string, message: string) => void;
  active?: boolean;
}

export const ScanCameraContext = createContext<ComponentType<ScanCameraProps> | null>(null);

/** The camera, or null where none is provided (a test, a screen outside the app). */
export const useScanCamera = () => useContext(ScanCameraContext);

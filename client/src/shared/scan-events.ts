/**
 * Where a scan goes. A keyboard-mode scanner's burst, a camera read and a typed code all arrive
 * here; the innermost open scanning screen (the scan page, a batch, a transfer being received)
 * takes it, and with none open the app-wide handler looks the code up and opens what it names.
 */
import { useEffect, useRef } from 'react';

export type ScanSource = 'camera' | 'scanner' | 'typed';
export interface Scan {
  text: string;
  source: ScanSource;
  /** The symbology a camera read ("QRCode", "Code128"…); null for a scanner or typing. */
  format: string | null;
}
type ScanHandler = (scan: Scan) => void;

const handlers: ScanHandler[] = [];
let fallback: ScanHandler | null = null;

/** Hands a scan to the innermost screen that takes scans, or to the app-wide handler. */
export function publishScan(scan: Scan): void {
  const handler = handlers.at(-1) ?? fallback;
  handler?.(scan);
}

/** The app-wide handler: used when no scanning screen is open. */
export function setFallbackScanHandler(handler: ScanHandler | null): void {
  fallback = handler;
}

/** While mounted (and `enabled`), this screen takes every scan; the latest mounted wins. */
export function useScanSubscription(handler: ScanHandler, enabled = true): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const entry: ScanHandler = (scan) => latest.current(scan);
    handlers.push(entry);
    return () => {
      const at = handlers.lastIndexOf(entry);
      if (at >= 0) handlers.splice(at, 1);
    };
  }, [enabled]);
}

/**
 * Scans that arrive with no scanning screen open (a keyboard-mode scanner on any page): looked up
 * at once. A part, transfer or request opens its screen with a toast saying what was scanned; an
 * asset's card, a location, a chooser or "No match" show in a dialog over the page.
 */
import { useEffect } from 'react';
import { AppModal } from '../../components/app-modal.tsx';
import { toast } from '../../shared/toast.ts';
import { setFallbackScanHandler } from './scan-events.ts';
import { ScanResult } from './scan-result.tsx';
import { matchTitle } from './scan-targets.ts';
import { useScanLookup } from './use-scan-lookup.ts';
import { useScanPlace } from './use-scan-route.ts';
import type { ScanMatch } from '@contract/scan.ts';

const announce = (match: ScanMatch) => toast.info(`Scanned: ${matchTitle(match)}`);

export function ScanFallback() {
  const place = useScanPlace();
  const lookup = useScanLookup(place, announce);
  const { lookup: find, clear, view } = lookup;
  useEffect(() => {
    setFallbackScanHandler((scan) => void find(scan.text));
    return () => setFallbackScanHandler(null);
  }, [find]);
  if (view.kind === 'idle' || view.kind === 'looking') return null;
  return (
    <AppModal opened onClose={clear} title="Scanned" size="md">
      <ScanResult lookup={lookup} place={place} onLeave={clear} />
    </AppModal>
  );
}

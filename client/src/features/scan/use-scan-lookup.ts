/**
 * Looking a scanned code up and acting on the answer: a malformed code is refused with the
 * parser's message without asking the server; one match opens (a screen, or its card here),
 * several are offered to choose from, none says "No match for …". A newer scan replaces one still
 * being looked up. Every answered scan joins the session's recent scans.
 */
import type { ScanMatch } from '@contract/scan.ts';
import { noMatchMessage, parseScanCode } from '@contract/scan-code.ts';
import { useCallback, useRef, useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { useRecentScans } from './recent-scans.ts';
import { type ResolveArgs, scanApi } from './scan-api.ts';
import { matchTitle, type ScanPlace, scanTarget } from './scan-targets.ts';
import { useGoToScanRoute } from './use-scan-route.ts';

export const LOOKUP_FAILED = 'Could not look the code up. Check the connection and scan again.';

export type ScanView =
  | { kind: 'idle' }
  | { kind: 'looking'; code: string }
  | { kind: 'malformed'; code: string; message: string }
  | { kind: 'failed'; code: string; message: string }
  | { kind: 'none'; code: string; message: string }
  | { kind: 'choose'; code: string; args: ResolveArgs; matches: ScanMatch[] }
  | { kind: 'show'; code: string; args: ResolveArgs; match: ScanMatch };

export interface ScanLookup {
  view: ScanView;
  lookup: (text: string) => Promise<void>;
  open: (match: ScanMatch, args: ResolveArgs, code: string) => Promise<void>;
  clear: () => void;
}

/** `onLeave` is told when a scan took the user to another screen (a dialog then closes). */
export function useScanLookup(place: ScanPlace, onLeave?: (match: ScanMatch) => void): ScanLookup {
  const dispatch = useAppDispatch();
  const goTo = useGoToScanRoute();
  const [, addRecent] = useRecentScans();
  const [view, setView] = useState<ScanView>({ kind: 'idle' });
  const latest = useRef(0);

  const open = useCallback(
    async (match: ScanMatch, args: ResolveArgs, code: string) => {
      const target = scanTarget(match, place);
      if (target.kind === 'show') {
        setView({ kind: 'show', code, args, match });
        return;
      }
      setView({ kind: 'idle' });
      await goTo(target);
      onLeave?.(match);
    },
    [place, goTo, onLeave],
  );

  const lookup = useCallback(
    async (text: string) => {
      const id = ++latest.current;
      const code = text.trim();
      const parsed = parseScanCode(text);
      if (!parsed.ok) {
        setView({ kind: 'malformed', code, message: parsed.message });
        return;
      }
      const args: ResolveArgs = {
        code,
        ...(place.projectId ? { project_id: place.projectId } : {}),
        ...(place.warehouseId ? { warehouse_id: place.warehouseId } : {}),
      };
      setView({ kind: 'looking', code });
      const result = await dispatch(scanApi.endpoints.resolveScan.initiate(args, { forceRefetch: true, subscribe: false }));
      if (id !== latest.current) return;
      if (!result.data) {
        setView({ kind: 'failed', code, message: messageOr(result.error, LOOKUP_FAILED) });
        return;
      }
      const { matches, message } = result.data;
      const none = message ?? noMatchMessage(code);
      const found = matches.length === 0 ? none : matches.length === 1 ? matchTitle(matches[0]!) : `${matches.length} matches`;
      addRecent({ code, found, at: new Date().toISOString() });
      if (matches.length === 0) setView({ kind: 'none', code, message: none });
      else if (matches.length === 1) await open(matches[0]!, args, code);
      else setView({ kind: 'choose', code, args, matches });
    },
    [dispatch, place.projectId, place.warehouseId, addRecent, open],
  );

  const clear = useCallback(() => {
    latest.current += 1;
    setView({ kind: 'idle' });
  }, []);

  return { view, lookup, open, clear };
}

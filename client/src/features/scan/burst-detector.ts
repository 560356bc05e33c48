/**
 * Tells a keyboard-mode scanner from a person typing. A scanner sends a code as a burst of
 * printable keys, each within BURST_GAP_MS of the one before, ended by Enter; nobody types like
 * that. The first key of a run cannot be told apart yet, so it goes through; from the second fast
 * key on, keys are held back. A burst of at least BURST_MIN_LENGTH keys ending in Enter is a scan
 * (the caller undoes the first key and swallows the Enter); a fast run that ends any other way
 * hands the held keys back, so two keys pressed together still land where they were typed.
 * The first key of a run is timed from its release: it reaches the focused field, and whatever the
 * field redraws runs between its press and its release, which a busy page can stretch past the gap.
 * Pure: it is given each key with its timestamp, and the time when asked whether a run has ended.
 */

/** Slowest gap between two keys of a scanner's burst, in milliseconds. */
export const BURST_GAP_MS = 35;
/** Shortest code a burst may carry; shorter fast runs are someone's fingers. */
export const BURST_MIN_LENGTH = 4;

/** Keys a scanner sends around its characters (Shift for capitals) that neither join nor end a run. */
const NEUTRAL_KEYS = new Set(['Shift', 'CapsLock']);

export interface BurstKey {
  /** KeyboardEvent.key */
  key: string;
  /** When it was pressed (KeyboardEvent.timeStamp), in milliseconds. */
  at: number;
  /** Ctrl, Alt or Meta held, or an auto-repeat: never part of a scan. */
  modified?: boolean;
}

export interface BurstStep {
  /** Keep the key from the page: it is held back, or it is the Enter ending a scan. */
  hold: boolean;
  /** This key begins a new run: remember the focused field's value as it was before it. */
  runStarted: boolean;
  /** Characters held back from a run that turned out not to be a scan: give them back to the field, before this key. */
  giveBack: string;
  /** The scanned code when this key is the Enter ending a burst; the field is then put back as it was. */
  scan: string | null;
}

interface Run {
  text: string;
  /** How many of `text`'s characters were held back (all but the first). */
  held: number;
  last: number;
}

const isPrintable = (key: string) => [...key].length === 1;

export function createBurstDetector(gapMs = BURST_GAP_MS, minLength = BURST_MIN_LENGTH) {
  let run: Run | null = null;

  /** Ends the current run, answering what it held back. */
  const end = (): string => {
    const held = run ? run.text.slice(run.text.length - run.held) : '';
    run = null;
    return held;
  };
  const fast = (at: number) => run !== null && at - run.last <= gapMs;

  return {
    key({ key, at, modified = false }: BurstKey): BurstStep {
      if (NEUTRAL_KEYS.has(key) && !modified) return { hold: false, runStarted: false, giveBack: '', scan: null };
      if (!modified && isPrintable(key)) {
        if (run && fast(at)) {
          run.text += key;
          run.held += 1;
          run.last = at;
          return { hold: true, runStarted: false, giveBack: '', scan: null };
        }
        const giveBack = end();
        run = { text: key, held: 0, last: at };
        return { hold: false, runStarted: true, giveBack, scan: null };
      }
      if (!modified && key === 'Enter' && run && fast(at) && run.text.length >= minLength) {
        const scan = run.text;
        run = null;
        return { hold: true, runStarted: false, giveBack: '', scan };
      }
      return { hold: false, runStarted: false, giveBack: end(), scan: null };
    },

    /** A key was released: the run's first key, which went through to the page, counts from now. */
    release(at: number): void {
      if (run && run.held === 0) run.last = Math.max(run.last, at);
    },

    /** Asked after a quiet while: a run whose last key is older than the gap has ended without Enter. */
    settle(now: number): string {
      if (!run || now - run.last <= gapMs) return '';
      return end();
    },

    /** Whether keys are being held back now (a quiet-while check is then due). */
    holding(): boolean {
      return run !== null && run.held > 0;
    },
  };
}

export type BurstDetector = ReturnType<typeof createBurstDetector>;

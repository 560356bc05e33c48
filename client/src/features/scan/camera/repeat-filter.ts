/**
 * A code held in front of the camera is read on frame after frame; it is reported once, and again
 * only after it has been out of view (not read) for a while. A frame that misses it now and then,
 * as blur and glare make it, does not count as out of view.
 */
import type { DecodedCode } from './decode-core.ts';

export const FORGET_AFTER_MS = 1500;

export class RepeatFilter {
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly forgetAfterMs = FORGET_AFTER_MS) {}

  /** The codes of this frame that were not in view a moment ago. */
  fresh(codes: DecodedCode[], now: number): DecodedCode[] {
    for (const [text, at] of this.lastSeen) if (now - at > this.forgetAfterMs) this.lastSeen.delete(text);
    const fresh = codes.filter((code) => !this.lastSeen.has(code.text));
    for (const code of codes) this.lastSeen.set(code.text, now);
    return fresh;
  }
}

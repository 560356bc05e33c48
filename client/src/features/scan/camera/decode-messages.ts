/** What the page and the decoding worker say to each other. */
import type { DecodedCode } from './decode-core.ts';

/** One frame's pixels; the buffer is transferred, not copied. */
export interface DecodeRequest {
  id: number;
  width: number;
  height: number;
  buffer: ArrayBuffer;
}

/** The codes in the frame and how long the worker took over them, or why it could not read it. */
export type DecodeReply = { id: number; codes: DecodedCode[]; ms: number } | { id: number; error: string };

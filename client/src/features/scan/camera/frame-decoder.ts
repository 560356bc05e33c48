/** The page's side of the decoding worker: a frame in, a promise of its codes out. */
import type { DecodedCode } from './decode-core.ts';
import type { DecodeReply, DecodeRequest } from './decode-messages.ts';

export interface FrameDecoder {
  /** Reads one frame; its pixel buffer is handed to the worker and is unusable afterwards. */
  decode(frame: ImageData): Promise<DecodedCode[]>;
  close(): void;
}

export function createFrameDecoder(): FrameDecoder {
  const worker = new Worker(new URL('./decode-worker.ts', import.meta.url), { type: 'module', name: 'code-reader' });
  const waiting = new Map<number, { resolve: (codes: DecodedCode[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  const failAll = (message: string) => {
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
  };
  worker.onmessage = (event: MessageEvent<DecodeReply>) => {
    const reply = event.data;
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if ('error' in reply) entry.reject(new Error(reply.error));
    else entry.resolve(reply.codes);
  };
  worker.onerror = (event) => failAll(event.message || 'the code reader did not load');
  return {
    decode(frame) {
      const id = next++;
      const request: DecodeRequest = { id, width: frame.width, height: frame.height, buffer: frame.data.buffer as ArrayBuffer };
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage(request, [request.buffer]);
      });
    },
    close() {
      worker.terminate();
      failAll('the code reader was closed');
    },
  };
}

/**
 * The decoder off the main thread: the viewfinder keeps moving while a frame is read. The ZXing
 * module comes from the .wasm file Vite bundles with the app (the site may have no internet).
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { prepareZXingModule } from 'zxing-wasm/reader';
import { decodePixels } from './decode-core.ts';
import type { DecodeReply, DecodeRequest } from './decode-messages.ts';

// The DOM types know the page's postMessage, not a worker's.
const scope = self as unknown as {
  postMessage(reply: DecodeReply): void;
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
};

prepareZXingModule({ overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) } });

scope.onmessage = (event) => {
  const { id, width, height, buffer } = event.data;
  const started = performance.now();
  decodePixels({ data: new Uint8ClampedArray(buffer), width, height }).then(
    (codes) => scope.postMessage({ id, codes, ms: performance.now() - started }),
    (error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
};

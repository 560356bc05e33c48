/**
 * Checks a checkpoint's Ed25519 signature in the browser with WebCrypto, so the page does not ask
 * the reader to trust the server's own word about its books. Browsers without Ed25519 in WebCrypto
 * answer "unsupported"; the page then shows the server's check and says so.
 */
import { type Checkpoint, checkpointMessage } from '@contract/ledger.ts';

export type BrowserCheck = 'valid' | 'invalid' | 'unsupported';

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function verifyCheckpointInBrowser(
  checkpoint: Checkpoint,
  publicKeyHex: string,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<BrowserCheck> {
  if (!subtle) return 'unsupported';
  let key: CryptoKey;
  try {
    key = await subtle.importKey('raw', fromHex(publicKeyHex), { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return 'unsupported';
  }
  try {
    const ok = await subtle.verify({ name: 'Ed25519' }, key, fromBase64(checkpoint.signature), new TextEncoder().encode(checkpointMessage(checkpoint)));
    return ok ? 'valid' : 'invalid';
  } catch {
    return 'invalid';
  }
}

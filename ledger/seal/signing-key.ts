/**
 * The key that signs checkpoints lives outside the database: LEDGER_SIGNING_KEY (a PKCS#8 PEM, or
 * its base64 DER on one line) or, failing that, `ledger-signing-key.pem` under DATA_DIR, created on
 * first start with permissions 0600. Someone who can write the database therefore cannot sign a
 * head for books they rewrote.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Checkpoint, checkpointMessage, type PublicKey } from '../../contract/ledger.ts';

export const KEY_FILE_NAME = 'ledger-signing-key.pem';

export interface SigningKey {
  readonly publicKey: PublicKey;
  /** Where the key came from, for the start-up line. */
  readonly origin: string;
  sign(message: string): string;
}

function rawPublicKey(key: KeyObject): Buffer {
  // The SPKI DER of an Ed25519 key is a fixed 12-byte header followed by the 32-byte key.
  return key.export({ format: 'der', type: 'spki' }).subarray(-32);
}

export function keyIdOf(raw: Uint8Array): string {
  return createHash('sha256').update(raw).digest('hex').slice(0, 16);
}

export function describePublicKey(key: KeyObject): PublicKey {
  const raw = rawPublicKey(key);
  return {
    algorithm: 'Ed25519',
    key_id: keyIdOf(raw),
    public_key_pem: key.export({ format: 'pem', type: 'spki' }).toString(),
    public_key_hex: raw.toString('hex'),
  };
}

function fromPrivate(privateKey: KeyObject, origin: string): SigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`The ledger signing key (${origin}) must be an Ed25519 key`);
  const publicKey = describePublicKey(createPublicKey(privateKey));
  return { publicKey, origin, sign: (message) => sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64') };
}

function parsePrivate(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPrivateKey(trimmed);
  return createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
}

/** A fresh key in PKCS#8 PEM (for tests, and for an operator who wants to set LEDGER_SIGNING_KEY). */
export function newSigningKeyPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

export function signingKeyFromPem(pem: string, origin = 'given key'): SigningKey {
  return fromPrivate(parsePrivate(pem), origin);
}

/** LEDGER_SIGNING_KEY if set, else the key file under dataDir, made on first use. */
export function loadSigningKey(options: { envKey?: string | undefined; dataDir: string }): SigningKey {
  if (options.envKey?.trim()) return fromPrivate(parsePrivate(options.envKey), 'LEDGER_SIGNING_KEY');
  const file = join(options.dataDir, KEY_FILE_NAME);
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true });
    // `wx` fails if another process made it meanwhile; that process's key is then read below.
    try {
      writeFileSync(file, newSigningKeyPem(), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(file, 0o600);
  return fromPrivate(parsePrivate(readFileSync(file, 'utf8')), file);
}

/** Whether `checkpoint`'s signature verifies with the given public key (PEM or raw hex). */
export function verifyCheckpointSignature(checkpoint: Checkpoint, key: Pick<PublicKey, 'public_key_pem'>): boolean {
  try {
    return verify(null, Buffer.from(checkpointMessage(checkpoint), 'utf8'), createPublicKey(key.public_key_pem), Buffer.from(checkpoint.signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * The seal in the server: the signing key (LEDGER_SIGNING_KEY or the key file under DATA_DIR), and
 * the sealer, started with the app and stopped with it. Every process may run one; the sealer's
 * subscription lease lets one seal at a time and another take over when it stops.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Checkpoint } from '../../contract/ledger.ts';
import { writeCheckpoint } from '../../ledger/seal/seal-page.ts';
import { type Sealer, startSealer } from '../../ledger/seal/sealer.ts';
import { loadSigningKey, type SigningKey } from '../../ledger/seal/signing-key.ts';

export interface LedgerSeal {
  key(): SigningKey;
  /** Null when this process does not seal (LEDGER_SEALER=off). */
  readonly sealer: Sealer | null;
  /** Seals everything committed so far (when a sealer runs anywhere) and signs the head. */
  checkpointNow(): Promise<Checkpoint | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ledgerSeal: LedgerSeal;
  }
}

/** The start-up line that publishes the key: auditors compare it with /api/ledger/public-key. */
export function ledgerKeyLine(key: SigningKey): string {
  return `Checkpoints are signed with Ed25519 key ${key.publicKey.key_id} (${key.origin}); public key ${key.publicKey.public_key_hex}, also at /api/ledger/public-key`;
}

async function ledgerSealPlugin(app: FastifyInstance): Promise<void> {
  let key: SigningKey | null = null;
  const loadKey = () => {
    key ??= loadSigningKey({ envKey: app.config.ledgerSigningKey ?? undefined, dataDir: app.config.dataDir });
    return key;
  };
  let sealer: Sealer | null = null;
  app.decorate('ledgerSeal', {
    key: loadKey,
    get sealer() {
      return sealer;
    },
    checkpointNow: () => (sealer ? sealer.checkpointNow() : writeCheckpoint(app.db, loadKey())),
  });
  app.addHook('onReady', async () => {
    if (!app.config.ledgerSealer) return;
    sealer = startSealer(app.store, {
      key: loadKey(),
      checkpointEveryMs: app.config.ledgerCheckpointSeconds * 1000,
      onError: (error) => app.log.warn({ err: error }, 'sealing failed; will try again'),
    });
  });
  app.addHook('onClose', async () => {
    await sealer?.stop();
  });
}

export default fp(ledgerSealPlugin, { name: 'ledger-seal', dependencies: ['db'] });

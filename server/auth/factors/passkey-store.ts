/**
 * A person's passkeys in `user_passkeys`: the public key, counter and transports the verifier needs,
 * and the name and dates the security page shows. The writes run in the transaction of the factor
 * command whose event they go with (factor-commands.ts); never a secret in the ledger.
 */
import type { PasskeySummary } from '../../../contract/sign-in.ts';
import type { Db } from '../../../ledger/database.ts';
import type { Trx } from '../../../ledger/event-store/event-store.ts';

/** A credential the verifier accepted, as it is kept. */
export interface VerifiedCredential {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  /** 'singleDevice' or 'multiDevice' (backup eligible). */
  deviceType: string;
  backedUp: boolean;
}

export interface NewPasskey extends VerifiedCredential {
  userId: string;
  passkeyId: string;
  name: string;
}

/** The person's credentials, for options that list or exclude them. */
export function passkeyCredentialsOf(db: Db, userId: string) {
  return db.selectFrom('user_passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
}

/** The passkey an answer names, when it belongs to a person who is not deactivated. */
export function activePasskeyByCredential(db: Db, credentialId: string) {
  return db
    .selectFrom('user_passkeys')
    .innerJoin('users', 'users.id', 'user_passkeys.user_id')
    .select(['user_passkeys.credential_id', 'user_passkeys.user_id', 'user_passkeys.public_key', 'user_passkeys.counter', 'user_passkeys.transports'])
    .where('user_passkeys.credential_id', '=', credentialId)
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
}

/** An accepted assertion: the authenticator's new counter, and when the passkey was last used. */
export async function recordPasskeyUse(db: Db, credentialId: string, counter: number): Promise<void> {
  await db.updateTable('user_passkeys').set({ counter, last_used_at: new Date() }).where('credential_id', '=', credentialId).execute();
}

export async function insertPasskey(trx: Trx, passkey: NewPasskey): Promise<void> {
  await trx
    .insertInto('user_passkeys')
    .values({
      credential_id: passkey.credentialId,
      user_id: passkey.userId,
      passkey_id: passkey.passkeyId,
      name: passkey.name.trim(),
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
      device_type: passkey.deviceType,
      backed_up: passkey.backedUp,
    })
    .execute();
}

/** Only the person's own passkey is renamed or deleted; another's id changes nothing. */
export async function renamePasskey(trx: Trx, userId: string, passkeyId: string, name: string): Promise<void> {
  await trx.updateTable('user_passkeys').set({ name: name.trim() }).where('passkey_id', '=', passkeyId).where('user_id', '=', userId).execute();
}

export async function deletePasskey(trx: Trx, userId: string, passkeyId: string): Promise<void> {
  await trx.deleteFrom('user_passkeys').where('passkey_id', '=', passkeyId).where('user_id', '=', userId).execute();
}

/** One passkey as the security page lists it. */
export async function passkeySummaryOf(db: Db, passkeyId: string): Promise<PasskeySummary> {
  const row = await db
    .selectFrom('user_passkeys')
    .select(['passkey_id', 'name', 'created_at', 'last_used_at', 'backed_up'])
    .where('passkey_id', '=', passkeyId)
    .executeTakeFirstOrThrow();
  return {
    id: row.passkey_id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    backed_up: row.backed_up,
  };
}

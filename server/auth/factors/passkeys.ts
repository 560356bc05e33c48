/**
 * Passkeys (WebAuthn): the relying party is the site's public address (PUBLIC_URL's host is the RP ID,
 * its origin, and any ALLOWED_ORIGINS, the origins a passkey's answer may come from). Challenges stay
 * on the server, in the sign-in attempt they were issued for; a passkey's public key and counter stay
 * in `user_passkeys`, never in the ledger.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../ledger/database.ts';
import type { SignInAttempt } from '../sign-in-attempts.ts';

const RP_NAME = 'StockLedger';

export function relyingParty(config: { publicUrl: string; allowedOrigins: string[] }) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origins: [url.origin, ...config.allowedOrigins.map((o) => new URL(o).origin)] };
}

export interface StoredPasskey {
  credential_id: string;
  user_id: string;
  passkey_id: string;
  public_key: Uint8Array;
  counter: string | number | bigint;
  transports: string[];
}

const transportsOf = (stored: { transports: string[] }) => stored.transports as AuthenticatorTransport[];

async function passkeysOf(db: Db, userId: string) {
  return db.selectFrom('user_passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
}

export async function registrationOptions(app: FastifyInstance, user: { id: string; email: string; name: string }) {
  const { rpID } = relyingParty(app.config);
  const existing = await passkeysOf(app.db, user.id);
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    // Discoverable where the authenticator can: such a passkey also signs in without the password.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

export async function verifiedRegistration(app: FastifyInstance, response: Record<string, unknown>, challenge: string) {
  const { rpID, origins } = relyingParty(app.config);
  try {
    const result = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    return result.verified ? result.registrationInfo : null;
  } catch {
    return null;
  }
}

/** Options for an assertion: by one of the person's passkeys (the second step), or by any discoverable one (a passkey sign-in). */
export async function authenticationOptions(app: FastifyInstance, userId: string | null) {
  const { rpID } = relyingParty(app.config);
  const allowCredentials = userId ? (await passkeysOf(app.db, userId)).map((p) => ({ id: p.credential_id, transports: transportsOf(p) })) : undefined;
  return generateAuthenticationOptions({ rpID, allowCredentials, userVerification: userId ? 'preferred' : 'required' });
}

const credentialIdOf = (response: Record<string, unknown>) => (typeof response.id === 'string' ? response.id : null);

/**
 * Checks an assertion against the challenge issued; with `userId`, it must be one of that person's
 * passkeys. Answers the passkey's owner and whether the authenticator verified its holder, after
 * recording the new counter; null when it does not verify.
 */
export async function verifiedAssertion(
  app: FastifyInstance,
  response: Record<string, unknown>,
  challenge: string,
  options: { userId: string | null; requireUserVerification: boolean },
): Promise<{ userId: string; userVerified: boolean } | null> {
  const id = credentialIdOf(response);
  if (!id) return null;
  const stored = await app.db.selectFrom('user_passkeys').selectAll().where('credential_id', '=', id).executeTakeFirst();
  if (!stored || (options.userId !== null && stored.user_id !== options.userId)) return null;
  const { rpID, origins } = relyingParty(app.config);
  try {
    const result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: { id: stored.credential_id, publicKey: new Uint8Array(stored.public_key), counter: Number(stored.counter), transports: stored.transports },
      requireUserVerification: options.requireUserVerification,
    });
    if (!result.verified) return null;
    await app.db
      .updateTable('user_passkeys')
      .set({ counter: result.authenticationInfo.newCounter, last_used_at: new Date() })
      .where('credential_id', '=', stored.credential_id)
      .execute();
    return { userId: stored.user_id, userVerified: result.authenticationInfo.userVerified };
  } catch {
    return null;
  }
}

/**
 * Whether the answer is a valid assertion, by one of the person's passkeys, of the challenge this
 * attempt issued (POST /api/login/second-factor/passkey-options).
 */
export async function passkeyAssertionOk(app: FastifyInstance, userId: string, response: Record<string, unknown>, attempt: SignInAttempt): Promise<boolean> {
  const challenge = attempt.data.challenge;
  if (typeof challenge !== 'string') return false;
  return (await verifiedAssertion(app, response, challenge, { userId, requireUserVerification: false })) !== null;
}

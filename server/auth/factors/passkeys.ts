/**
 * Passkeys (WebAuthn): the relying party is the site's public address (PUBLIC_URL's host is the RP ID,
 * its origin, and any ALLOWED_ORIGINS, the origins a passkey's answer may come from). Challenges stay
 * on the server, in the sign-in attempt they were issued for; a passkey's public key and counter stay
 * in `user_passkeys`, never in the ledger.
 */
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON, VerifiedAuthenticationResponse } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { SignInAttempt } from '../sign-in-attempts.ts';
import { activePasskeyByCredential, passkeyCredentialsOf, recordPasskeyUse, type VerifiedCredential } from './passkey-store.ts';

const RP_NAME = 'StockLedger';

/** The WebAuthn library loads on the first ceremony: a third of a second off every start that never sees one. */
const webauthn = () => import('@simplewebauthn/server');

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

export async function registrationOptions(app: FastifyInstance, user: { id: string; email: string; name: string }) {
  const { rpID } = relyingParty(app.config);
  const existing = await passkeyCredentialsOf(app.db, user.id);
  const { generateRegistrationOptions } = await webauthn();
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

/** The credential a registration answer created, when it answers the challenge on this site; null otherwise. */
export async function verifiedRegistration(app: FastifyInstance, response: RegistrationResponseJSON, challenge: string): Promise<VerifiedCredential | null> {
  const { rpID, origins } = relyingParty(app.config);
  try {
    const { verifyRegistrationResponse } = await webauthn();
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    };
  } catch {
    return null;
  }
}

/** Options for an assertion: by one of the person's passkeys (the second step), or by any discoverable one (a passkey sign-in). */
export async function authenticationOptions(app: FastifyInstance, userId: string | null) {
  const { rpID } = relyingParty(app.config);
  const allowCredentials = userId ? (await passkeyCredentialsOf(app.db, userId)).map((p) => ({ id: p.credential_id, transports: transportsOf(p) })) : undefined;
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({ rpID, allowCredentials, userVerification: userId ? 'preferred' : 'required' });
}

/** The user handle a discoverable passkey answers with: the person it was created for (their id's bytes), when it says. */
function userHandleOf(response: AuthenticationResponseJSON): string | null {
  const handle = response.response.userHandle;
  return handle ? Buffer.from(handle, 'base64url').toString('utf8') : null;
}

export type AssertionOutcome = { ok: true; userId: string } | { ok: false; notUserVerifying: boolean };

const REFUSED: AssertionOutcome = { ok: false, notUserVerifying: false };

/**
 * Checks an assertion against the challenge issued: a passkey of an active person (with `userId`,
 * of that person), the user handle it names being its owner, the origin and RP ID the site's, the
 * counter moving on; with `requireUserVerification`, the authenticator must have verified its holder.
 * Only an accepted answer is recorded (the new counter, the time of use).
 */
export async function verifiedAssertion(
  app: FastifyInstance,
  response: AuthenticationResponseJSON,
  challenge: string,
  options: { userId: string | null; requireUserVerification: boolean; record?: boolean },
): Promise<AssertionOutcome> {
  if (!response.id) return REFUSED;
  const stored = await activePasskeyByCredential(app.db, response.id);
  if (!stored || (options.userId !== null && stored.user_id !== options.userId)) return REFUSED;
  const handle = userHandleOf(response);
  if (handle !== null && handle !== stored.user_id) return REFUSED;
  const { rpID, origins } = relyingParty(app.config);
  let verification: VerifiedAuthenticationResponse;
  try {
    // UV is checked below rather than by the library, so its refusal can say what the person should do.
    const { verifyAuthenticationResponse } = await webauthn();
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: { id: stored.credential_id, publicKey: new Uint8Array(stored.public_key), counter: Number(stored.counter), transports: transportsOf(stored) },
      requireUserVerification: false,
    });
  } catch {
    return REFUSED;
  }
  if (!verification.verified) return REFUSED;
  if (options.requireUserVerification && !verification.authenticationInfo.userVerified) return { ok: false, notUserVerifying: true };
  if (options.record === false) return { ok: true, userId: stored.user_id };
  await recordPasskeyUse(app.db, stored.credential_id, verification.authenticationInfo.newCounter);
  return { ok: true, userId: stored.user_id };
}

/**
 * Whether the answer is a valid assertion, by one of the person's passkeys, of the challenge this
 * attempt issued (POST /api/login/second-factor/passkey-options).
 */
export async function passkeyAssertionOk(
  app: FastifyInstance,
  userId: string,
  response: AuthenticationResponseJSON,
  attempt: SignInAttempt,
  use = true,
): Promise<boolean> {
  const challenge = attempt.data.challenge;
  if (typeof challenge !== 'string') return false;
  return (await verifiedAssertion(app, response, challenge, { userId, requireUserVerification: false, record: use })).ok;
}

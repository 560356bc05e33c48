/** Passkeys (WebAuthn) as a second factor and as a sign-in of their own. */
import type { FastifyInstance } from 'fastify';
import type { SignInAttempt } from '../sign-in-attempts.ts';

/**
 * Whether the answer is a valid assertion, by one of the person's passkeys, of the challenge this
 * attempt issued (POST /api/login/second-factor/passkey-options); updates the passkey's counter.
 */
export async function passkeyAssertionOk(
  _app: FastifyInstance,
  _userId: string,
  _response: Record<string, unknown>,
  _attempt: SignInAttempt,
): Promise<boolean> {
  return false;
}

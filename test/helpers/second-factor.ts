/** Sign-in steps for tests: enrol an authenticator app through the API and pass the second step. */
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { cookieHeader } from './test-app.ts';

/** A code of the app `steps` time steps from now (a fresh step: each code is accepted once). */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** Sets up the authenticator app for the signed-in person; answers its secret and recovery codes. */
export async function enrolTotp(app: FastifyInstance, cookie: string): Promise<{ secret: string; codes: string[] }> {
  const started = await app.inject({ method: 'POST', url: '/api/account/totp', headers: { cookie } });
  if (started.statusCode !== 200) throw new Error(`totp start failed: ${started.body}`);
  const { secret } = started.json() as { secret: string };
  const confirmed = await app.inject({ method: 'POST', url: '/api/account/totp/confirm', headers: { cookie }, payload: { code: await totpCode(secret) } });
  if (confirmed.statusCode !== 200) throw new Error(`totp confirm failed: ${confirmed.body}`);
  return { secret, codes: (confirmed.json() as { codes: string[] }).codes };
}

/** POST /api/login; answers the response and the sign-in attempt's cookie (for the second step). */
export async function firstStep(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  return { response, attempt: cookieHeader(response) };
}

export function secondStep(app: FastifyInstance, attempt: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/login/second-factor', headers: { cookie: attempt }, payload });
}

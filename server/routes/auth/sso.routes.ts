/**
 * Single sign-on through OpenID Connect providers: the authorization code flow with PKCE, state
 * and nonce. The state, nonce and PKCE verifier stay on the server, in a sign-in attempt behind its
 * own cookie; the provider's answer is checked by openid-client (the ID token's issuer, audience,
 * expiry, signature and nonce). The browser goes there and back by full-page navigation, so every
 * outcome is a redirect: to the app, to the second step, or to /login with the reason's code.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { errorResponses } from '../../../contract/errors.ts';
import { signInOptions, SIGN_IN_MESSAGES, ssoCallbackQuery, type SsoErrorCode, ssoProviderParams, ssoStartQuery } from '../../../contract/sign-in.ts';
import { oidcClientsOf, SsoProviderUnavailable } from '../../auth/sso/oidc-clients.ts';
import { accountForSignIn } from '../../auth/sso/sso-accounts.ts';
import { type Claims, profileOf, providerDidMultiFactor } from '../../auth/sso/sso-claims.ts';
import { attemptOf, createAttempt, endAttempt } from '../../auth/sign-in-attempts.ts';
import { afterFirstStep, startSession } from '../../auth/sign-in-flow.ts';
import { passwordSignInAllowed, readSiteSettings } from '../../site/site-settings.ts';

/** The sign-in attempt's cookie while the browser is away at the provider; sent back to the callback only. */
export const SSO_COOKIE = 'sl_sso';
const SSO_COOKIE_PATH = '/api/auth/oidc';
/** Time to sign in at the provider (a password and its own second factor) and come back. */
const SSO_ATTEMPT_SECONDS = 600;
const AFTER_SIGN_IN = '/dashboard';

const UNKNOWN_PROVIDER = { error: 'NOT_FOUND', message: SIGN_IN_MESSAGES.ssoProviderUnknown };
const redirected = z.null().describe('A redirect (Location): to the provider, to the app, or to /login with sso_error or second_factor');

interface SsoAttemptData {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string | null;
}

/** What a failed grant says, for the log: the library's code and message, never a token or claim value. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const coded = error as Error & { code?: unknown; error?: unknown };
  return [coded.code, coded.error, error.message].filter((part) => typeof part === 'string' && part).join(': ');
}

export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clients = oidcClientsOf(app.config);
  const cookieOptions = (expires: Date) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.cookieSecure ? true : ('auto' as const),
    path: SSO_COOKIE_PATH,
    expires,
  });

  function refuse(request: FastifyRequest, reply: FastifyReply, provider: string, code: SsoErrorCode, reason: string) {
    request.log.warn({ provider, code, reason }, 'single sign-on refused');
    reply.clearCookie(SSO_COOKIE, { ...cookieOptions(new Date(0)), expires: undefined });
    return reply.redirect(`/login?sso_error=${code}`);
  }

  async function configurationOr(request: FastifyRequest, providerId: string): Promise<oidc.Configuration | null> {
    try {
      return await clients.configurationOf(providerId);
    } catch (error) {
      if (!(error instanceof SsoProviderUnavailable)) throw error;
      request.log.error({ provider: providerId, reason: error.reason }, 'single sign-on provider unreachable');
      return null;
    }
  }

  r.get(
    '/api/auth/providers',
    {
      schema: {
        summary: 'How /login offers to sign in: with a password, and through which single sign-on providers',
        tags: ['auth'],
        response: { 200: signInOptions, ...errorResponses },
      },
    },
    async () => ({ password: await passwordSignInAllowed(app.db), providers: clients.list() }),
  );

  r.get(
    '/api/auth/oidc/:provider/start',
    {
      schema: {
        summary: 'Start signing in through a single sign-on provider: redirects to its sign-in page',
        tags: ['auth'],
        params: ssoProviderParams,
        querystring: ssoStartQuery,
        response: { 302: redirected, ...errorResponses },
      },
    },
    async (request, reply) => {
      const provider = clients.provider(request.params.provider);
      if (!provider) return reply.code(404).send(UNKNOWN_PROVIDER);
      const configuration = await configurationOr(request, provider.id);
      if (!configuration) return refuse(request, reply, provider.id, 'unavailable', 'discovery failed');
      const data: SsoAttemptData = {
        provider: provider.id,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        returnTo: request.query.return_to ?? null,
      };
      const attempt = await createAttempt(app.db, { kind: 'oidc', userId: null, data: { ...data }, lifetimeSeconds: SSO_ATTEMPT_SECONDS });
      reply.setCookie(SSO_COOKIE, attempt.token, cookieOptions(attempt.expiresAt));
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: clients.redirectUri(provider.id),
        scope: provider.scopes.join(' '),
        state: data.state,
        nonce: data.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(data.verifier),
        code_challenge_method: 'S256',
      });
      return reply.redirect(url.href);
    },
  );

  r.get(
    '/api/auth/oidc/:provider/callback',
    {
      schema: {
        summary: "The single sign-on provider's answer: signs in, asks for the second factor, or refuses (redirects)",
        tags: ['auth'],
        params: ssoProviderParams,
        querystring: ssoCallbackQuery,
        response: { 302: redirected, ...errorResponses },
      },
    },
    async (request, reply) => {
      const provider = clients.provider(request.params.provider);
      if (!provider) return reply.code(404).send(UNKNOWN_PROVIDER);
      const no = (code: SsoErrorCode, reason: string) => refuse(request, reply, provider.id, code, reason);

      const attempt = await attemptOf(app.db, request.cookies[SSO_COOKIE], 'oidc');
      const data = attempt?.data as Partial<SsoAttemptData> | undefined;
      if (!attempt || data?.provider !== provider.id)
        return no('expired', 'no sign-in attempt of this browser for this provider (expired, replayed or foreign)');
      // One answer per attempt, right or wrong: a replayed callback, even at the same moment, finds none.
      if (!(await endAttempt(app.db, attempt))) return no('expired', 'the sign-in attempt was already answered');
      const { state, nonce, verifier } = data;
      if (!state || !nonce || !verifier) return no('failed', 'the sign-in attempt is incomplete');
      if (request.query.state !== state) return no('failed', 'state does not match the attempt');
      if (request.query.error) return no(request.query.error === 'access_denied' ? 'denied' : 'failed', `the provider answered ${request.query.error}`);

      const configuration = await configurationOr(request, provider.id);
      if (!configuration) return no('unavailable', 'discovery failed');
      const currentUrl = new URL(clients.redirectUri(provider.id));
      currentUrl.search = new URL(request.url, 'http://callback').search;
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          expectedState: state,
          expectedNonce: nonce,
          pkceCodeVerifier: verifier,
          idTokenExpected: true,
        });
      } catch (error) {
        return no('failed', `the provider's answer was refused: ${describeFailure(error)}`);
      }
      const idClaims = tokens.claims();
      if (!idClaims) return no('failed', 'no ID token');
      let claims: Claims = idClaims;
      // Some providers keep the e-mail out of the ID token; their userinfo, for the same subject, has it.
      if (idClaims.email === undefined && tokens.access_token) {
        try {
          claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)), ...idClaims };
        } catch (error) {
          request.log.warn({ provider: provider.id, reason: describeFailure(error) }, 'single sign-on userinfo failed');
        }
      }
      const profile = profileOf(claims, provider.trustEmail);
      if ('code' in profile) return no(profile.code, profile.reason);

      const settings = await readSiteSettings(app.db);
      const signUp = { allowed: settings.sso_sign_up, domain: app.config.allowedEmailDomain };
      const account = await accountForSignIn(app.store, provider.id, profile, signUp, request.id);
      if (account.kind === 'refused') return no(account.code, account.reason);

      reply.clearCookie(SSO_COOKIE, { ...cookieOptions(new Date(0)), expires: undefined });
      const how = { method: 'sso' as const, provider: provider.id };
      const sso = { idToken: tokens.id_token ?? null };
      const destination = data.returnTo ?? AFTER_SIGN_IN;
      // The provider asked for a second factor already: asking again here adds nothing.
      if (providerDidMultiFactor(idClaims.amr)) {
        await startSession(app, request, reply, account.userId, { ...how, secondFactor: null }, sso);
        return reply.redirect(destination);
      }
      const step = { userId: account.userId, secondFactors: account.secondFactors, passed: true, how };
      const answer = await afterFirstStep(app, request, reply, step, sso);
      if (!answer) return no('failed', 'the sign-in could not be completed');
      if ('user' in answer) return reply.redirect(destination);
      return reply.redirect(`/login?second_factor=${answer.second_factor.methods.join(',')}`);
    },
  );
}

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { loadOidcProviders } from './sso-config.ts';

const one = { OIDC_ISSUER: 'https://id.example.com/realms/staff', OIDC_CLIENT_ID: 'stockledger', OIDC_CLIENT_SECRET: 's3cret' };

describe('single sign-on providers from the environment', () => {
  it('has none when nothing is set', () => {
    expect(loadOidcProviders({})).toEqual([]);
    expect(loadConfig({}).oidcProviders).toEqual([]);
  });

  it('reads one provider with the id "oidc" and a default name', () => {
    expect(loadConfig(one).oidcProviders).toEqual([
      {
        id: 'oidc',
        name: 'Single sign-on',
        issuer: one.OIDC_ISSUER,
        clientId: 'stockledger',
        clientSecret: 's3cret',
        scopes: ['openid', 'email', 'profile'],
        trustEmail: false,
      },
    ]);
  });

  it('reads several, each with its own name, scopes and e-mail trust', () => {
    const providers = loadOidcProviders({
      OIDC_PROVIDERS: 'keycloak, Entra',
      OIDC_KEYCLOAK_ISSUER: 'https://kc.example.com/realms/staff',
      OIDC_KEYCLOAK_CLIENT_ID: 'kc',
      OIDC_KEYCLOAK_CLIENT_SECRET: 'a',
      OIDC_KEYCLOAK_NAME: 'Staff account',
      OIDC_ENTRA_ISSUER: 'https://login.microsoftonline.com/0000/v2.0',
      OIDC_ENTRA_CLIENT_ID: 'en',
      OIDC_ENTRA_CLIENT_SECRET: 'b',
      OIDC_ENTRA_SCOPES: 'offline_access email',
      OIDC_ENTRA_TRUST_EMAIL: 'true',
    });
    expect(providers.map((p) => [p.id, p.name, p.scopes.join(' '), p.trustEmail])).toEqual([
      ['keycloak', 'Staff account', 'openid email profile', false],
      ['entra', 'Single sign-on', 'openid email profile offline_access', true],
    ]);
  });

  it('stops the start with an error naming the variable', () => {
    expect(() => loadConfig({ ...one, OIDC_CLIENT_SECRET: '' })).toThrow(/OIDC_CLIENT_SECRET: is required/);
    expect(() => loadOidcProviders({ OIDC_PROVIDERS: 'google', OIDC_GOOGLE_ISSUER: 'https://accounts.google.com' })).toThrow(
      /OIDC_GOOGLE_CLIENT_ID: is required/,
    );
    expect(() => loadOidcProviders({ ...one, OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER: must be a URL/);
    expect(() => loadOidcProviders({ OIDC_PROVIDERS: 'bad id!' })).toThrow(/OIDC_PROVIDERS: "bad id!" is not a provider id/);
    expect(() => loadOidcProviders({ OIDC_PROVIDERS: 'a,a' })).toThrow(/listed twice/);
    expect(() => loadOidcProviders({ ...one, OIDC_TRUST_EMAIL: 'maybe' })).toThrow(/OIDC_TRUST_EMAIL: must be true or false/);
  });

  it('allows a plain http issuer only on a loopback address', () => {
    expect(() => loadOidcProviders({ ...one, OIDC_ISSUER: 'http://id.example.com' })).toThrow(/OIDC_ISSUER: must be an https URL/);
    for (const issuer of ['http://127.0.0.1:8080', 'http://localhost:8080/realms/x', 'http://[::1]:9000']) {
      expect(loadOidcProviders({ ...one, OIDC_ISSUER: issuer })[0]?.issuer).toBe(issuer);
    }
  });
});

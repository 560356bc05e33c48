import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-request.ts';

describe('the logged address of a request', () => {
  it("leaves out a single sign-on callback's code and state, and nothing else", () => {
    expect(loggedUrl('/api/auth/oidc/keycloak/callback?code=secret-code&state=s1')).toBe('/api/auth/oidc/keycloak/callback?[omitted]');
    expect(loggedUrl('/api/auth/oidc/keycloak/start?return_to=%2Fdashboard')).toBe('/api/auth/oidc/keycloak/start?return_to=%2Fdashboard');
    expect(loggedUrl('/api/materials?project_id=1')).toBe('/api/materials?project_id=1');
  });
});

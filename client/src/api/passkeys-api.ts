/** Passkeys of the signed-in person, and the passkey sign-in (contract/sign-in.ts). */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Me } from '@contract/auth.ts';
import type { PasskeySummary } from '@contract/sign-in.ts';
import { baseApi } from './base-api.ts';

type WebAuthnAnswer = Record<string, unknown>;

export const passkeysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    passkeyCreationOptions: build.mutation<PublicKeyCredentialCreationOptionsJSON, void>({
      query: () => ({ url: 'api/account/passkeys/options', method: 'POST' }),
    }),
    addPasskey: build.mutation<PasskeySummary, { name: string; response: WebAuthnAnswer }>({
      query: (body) => ({ url: 'api/account/passkeys', method: 'POST', body }),
      invalidatesTags: [{ type: 'Security', id: 'ME' }],
    }),
    renamePasskey: build.mutation<void, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: `api/account/passkeys/${encodeURIComponent(id)}`, method: 'PATCH', body: { name } }),
      invalidatesTags: [{ type: 'Security', id: 'ME' }],
    }),
    removePasskey: build.mutation<void, string>({
      query: (id) => ({ url: `api/account/passkeys/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Security', id: 'ME' }],
    }),
    secondStepPasskeyOptions: build.mutation<PublicKeyCredentialRequestOptionsJSON, void>({
      query: () => ({ url: 'api/login/second-factor/passkey-options', method: 'POST' }),
    }),
    passkeySignInOptions: build.mutation<PublicKeyCredentialRequestOptionsJSON, void>({
      query: () => ({ url: 'api/login/passkey/options', method: 'POST' }),
    }),
    passkeySignIn: build.mutation<{ user: Me }, { response: WebAuthnAnswer }>({
      query: (body) => ({ url: 'api/login/passkey', method: 'POST', body }),
    }),
  }),
});

export const {
  usePasskeyCreationOptionsMutation,
  useAddPasskeyMutation,
  useRenamePasskeyMutation,
  useRemovePasskeyMutation,
  useSecondStepPasskeyOptionsMutation,
  usePasskeySignInOptionsMutation,
  usePasskeySignInMutation,
} = passkeysApi;

/** The browser's own words when a person cancels or the authenticator refuses, in ours. */
export function ceremonyMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey request was cancelled or timed out.';
  if (name === 'InvalidStateError') return 'This passkey is already registered.';
  return 'Your browser could not use a passkey here.';
}

/**
 * Signing in with a passkey, as the second step or on its own: the server's options, the browser's
 * passkey answering them, the answer sent back. Says in words what went wrong (the server's refusal,
 * or the browser's when the person cancels) and whether the ceremony is under way.
 */
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { AuthenticationResponse } from '@contract/sign-in.ts';
import { useState } from 'react';
import { serverMessage } from '../../api/error-message.ts';
import { ceremonyMessage } from '../../api/passkeys-api.ts';

/** What a mutation's trigger resolves to. */
type ApiResult<T> = { data: T; error?: undefined } | { data?: undefined; error: FetchBaseQueryError | SerializedError };

export interface PasskeyAuthenticationSteps<T> {
  /** Asks the server for a challenge. */
  options: () => PromiseLike<ApiResult<PublicKeyCredentialRequestOptionsJSON>>;
  /** Sends the passkey's answer. */
  answer: (response: AuthenticationResponse) => PromiseLike<ApiResult<T>>;
  /** After the server accepted the answer. */
  onAccepted?: (data: T) => void;
}

/**
 * @simplewebauthn/browser's own check, without loading the library: it loads when a person starts a
 * ceremony, so the sign-in page does not carry it.
 */
const supportsWebAuthn = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

export function usePasskeyAuthentication<T>({ options, answer, onAccepted }: PasskeyAuthenticationSteps<T>) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const authenticate = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const [asked, { startAuthentication }] = await Promise.all([options(), import('@simplewebauthn/browser')]);
      if (asked.error) return setFailure(serverMessage(asked.error));
      let response: AuthenticationResponse;
      try {
        response = await startAuthentication({ optionsJSON: asked.data });
      } catch (error) {
        return setFailure(ceremonyMessage(error));
      }
      const result = await answer(response);
      if (result.error) return setFailure(serverMessage(result.error));
      onAccepted?.(result.data);
    } finally {
      setBusy(false);
    }
  };

  return { supported: supportsWebAuthn(), failure, busy, authenticate };
}

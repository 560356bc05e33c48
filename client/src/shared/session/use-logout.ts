/**
 * Sign-out from the user menu: tell the server, forget everything locally (the offline store of
 * queued actions and saved reads included: the next person on this browser must not see it), go
 * to /login. The menu warns first when actions kept offline have not been sent. A session that
 * came through a single sign-on provider then signs out there too, when the provider offers it.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { baseApi } from '../../api/base-api.ts';
import { useSignOutMutation } from '../../api/sso-api.ts';
import { forgetUser } from '../../offline/queue.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { signedOut } from './session-slice.ts';

export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signOut] = useSignOutMutation();
  const userId = useAppSelector((state) => state.session.user?.id ?? null);

  return useCallback(async () => {
    // The local session ends even when the server cannot be reached; its cookies expire anyway.
    const answer = await signOut();
    const providerSignOut = 'data' in answer ? answer.data?.end_session_url : undefined;
    dispatch(signedOut());
    dispatch(baseApi.util.resetApiState());
    if (userId) await forgetUser(userId).catch(() => undefined);
    // The provider comes back to /login when it is done (post_logout_redirect_uri).
    if (providerSignOut) window.location.assign(providerSignOut);
    else navigate('/login', { replace: true });
  }, [dispatch, signOut, navigate, userId]);
}

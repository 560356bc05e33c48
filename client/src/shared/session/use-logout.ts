/**
 * Sign-out from the user menu: tell the server, forget everything locally (the offline store of
 * queued actions and saved reads included: the next person on this browser must not see it), go
 * to /login. The menu warns first when actions kept offline have not been sent.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { baseApi } from '../../api/base-api.ts';
import { forgetUser } from '../../offline/queue.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { useLogoutMutation } from './auth-api.ts';
import { signedOut } from './session-slice.ts';

export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const userId = useAppSelector((state) => state.session.user?.id ?? null);

  return useCallback(async () => {
    // The local session ends even when the server cannot be reached; its cookies expire anyway.
    await logout();
    dispatch(signedOut());
    dispatch(baseApi.util.resetApiState());
    if (userId) await forgetUser(userId).catch(() => undefined);
    navigate('/login', { replace: true });
  }, [dispatch, logout, navigate, userId]);
}

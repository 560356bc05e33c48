/** Sign-out from the user menu: tell the server, forget everything locally, go to /login. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { baseApi } from '../../api/base-api.ts';
import { useAppDispatch } from '../hooks.ts';
import { useLogoutMutation } from './auth-api.ts';
import { signedOut } from './session-slice.ts';

export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();

  return useCallback(async () => {
    // The local session ends even when the server cannot be reached; its cookies expire anyway.
    await logout();
    dispatch(signedOut());
    dispatch(baseApi.util.resetApiState());
    navigate('/login', { replace: true });
  }, [dispatch, logout, navigate]);
}

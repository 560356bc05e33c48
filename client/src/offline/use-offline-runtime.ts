/**
 * Runs the offline machinery while someone is signed in: started at app start and after each
 * sign-in (the queue resumes), stopped at sign-out.
 */
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../shared/hooks.ts';
import { startOfflineRuntime } from './runtime.ts';

export function useOfflineRuntime(): void {
  const userId = useAppSelector((state) => state.session.user?.id ?? null);
  const dispatch = useAppDispatch();
  const store = useStore();
  useEffect(() => {
    if (!userId) return;
    return startOfflineRuntime({ userId, dispatch, getState: store.getState });
  }, [userId, dispatch, store]);
}

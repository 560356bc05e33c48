/**
 * The full requests (with their lines) behind a selection of list rows: what Fulfill All needs to
 * know whether on hand covers every open line. Each one is read through the cache, so a row opened
 * before, or selected again, costs nothing, and a live change refetches it.
 */
import { useEffect } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { type RequestDetail, requestsApi } from './requests-api.ts';

export function useRequestDetails(ids: readonly string[]): { details: RequestDetail[]; loading: boolean } {
  const dispatch = useAppDispatch();
  const key = ids.join(',');
  useEffect(() => {
    const subscriptions = key ? key.split(',').map((id) => dispatch(requestsApi.endpoints.request.initiate(id))) : [];
    return () => {
      for (const s of subscriptions) s.unsubscribe();
    };
  }, [dispatch, key]);
  const found = useAppSelector((state) => ids.map((id) => requestsApi.endpoints.request.select(id)(state).data), shallowEqual);
  const details = found.filter((d): d is RequestDetail => d !== undefined);
  return { details, loading: details.length < ids.length };
}

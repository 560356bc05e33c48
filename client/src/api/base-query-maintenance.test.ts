import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { describe, expect, it, vi } from 'vitest';
import { createAppBaseQuery, isMaintenanceError, maintenanceDetected } from './base-query.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const MAINTENANCE = {
  error: 'MAINTENANCE',
  message: 'The site is currently under maintenance. Please try again later.',
};

function setup(respond: () => Response) {
  const dispatch = vi.fn();
  const fetchFn = vi.fn(async () => respond());
  const baseQuery = createAppBaseQuery({ baseUrl: 'http://localhost/', fetchFn });
  const api: BaseQueryApi = {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch,
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  };
  return { call: (url: string) => baseQuery(url, api, {}), dispatch };
}

describe('base query: maintenance', () => {
  it('announces a 503 MAINTENANCE answer and still returns it to the caller', async () => {
    const { call, dispatch } = setup(() => json(503, MAINTENANCE));

    const result = await call('api/projects');

    expect(result.error).toMatchObject({ status: 503, data: { error: 'MAINTENANCE' } });
    expect(dispatch).toHaveBeenCalledWith(maintenanceDetected());
  });

  it('stays quiet about other 503s and about successes', async () => {
    const unavailable = setup(() => json(503, { error: 'UNAVAILABLE', message: 'Database down' }));
    await unavailable.call('api/projects');
    expect(unavailable.dispatch).not.toHaveBeenCalled();

    const fine = setup(() => json(200, { items: [] }));
    await fine.call('api/projects');
    expect(fine.dispatch).not.toHaveBeenCalled();
  });

  it('recognises the maintenance answer only by status and error code', () => {
    expect(isMaintenanceError({ status: 503, data: MAINTENANCE })).toBe(true);
    expect(isMaintenanceError({ status: 500, data: MAINTENANCE })).toBe(false);
    expect(isMaintenanceError({ status: 503, data: 'MAINTENANCE' })).toBe(false);
    expect(isMaintenanceError(undefined)).toBe(false);
  });
});

/**
 * A print that fails after its file began is cut off, never ended as if whole: here the labels
 * change between the count the headers promise and the reading (one fewer arrives than counted).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { L7160, openPrintFixtures, type PrintFixtures, ROLL } from './labels-print.fixtures.ts';

const changed = vi.hoisted(() => ({ on: false }));
vi.mock('../../projections/label-print/queries.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../projections/label-print/queries.ts')>();
  return {
    ...real,
    // One label more counted than read: as if one were deleted while the file was written.
    countLabelsByIds: async (...args: Parameters<typeof real.countLabelsByIds>) => (await real.countLabelsByIds(...args)) + (changed.on ? 1 : 0),
    // After its pages, a read of the next one that finds nothing (a round trip to the database).
    labelPagesByIds: async function* (...args: Parameters<typeof real.labelPagesByIds>) {
      yield* real.labelPagesByIds(...args);
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
});

let f: PrintFixtures;
let base: string;

beforeAll(async () => {
  f = await openPrintFixtures();
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await f.app.close();
  await f.runtime.close();
});

async function printOverHttp(body: object): Promise<{ status: number; labels: string | null; read: Promise<Buffer> }> {
  const response = await fetch(`${base}/api/labels/print`, {
    method: 'POST',
    headers: { cookie: f.cookies.admin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, labels: response.headers.get('x-label-count'), read: response.arrayBuffer().then((b) => Buffer.from(b)) };
}

describe('print: a failure after the first byte', () => {
  it('ends a whole file normally', async () => {
    changed.on = false;
    const answer = await printOverHttp({ source: { kind: 'labels', project_id: f.project, ids: f.labelIds }, medium: L7160 });
    expect(answer.status).toBe(200);
    expect((await answer.read).toString('latin1').trimEnd()).toMatch(/%%EOF$/);
  });

  it('cuts the connection of a PDF and of ZPL whose records ran short', async () => {
    changed.on = true;
    for (const body of [
      { source: { kind: 'labels', project_id: f.project, ids: f.labelIds }, medium: L7160 },
      { source: { kind: 'labels', project_id: f.project, ids: f.labelIds }, medium: ROLL, format: 'zpl' },
    ]) {
      const answer = await printOverHttp(body);
      expect(answer.status).toBe(200);
      expect(answer.labels).toBe('26');
      await expect(answer.read).rejects.toThrow();
    }
  });
});

/** CSV downloads: cells, and a large batch sent whole, in order, in chunks. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { csvCell, sendCsv } from './csv.ts';

describe('csv', () => {
  it('quotes every cell and neutralises formulas', () => {
    expect([csvCell(null), csvCell(5), csvCell('=SUM(A1)'), csvCell('a "b"'), csvCell('-3')]).toEqual(['""', '"5"', `"'=SUM(A1)"`, '"a ""b"""', `"'-3"`]);
  });

  it('sends batches larger than a chunk whole and in order', async () => {
    const app = Fastify();
    async function* batches() {
      yield Array.from({ length: 2500 }, (_, i) => [i, `row ${i}`]);
      yield [];
      yield [[2500, 'last']];
    }
    app.get('/csv', (_request, reply) => sendCsv(reply, 'x.csv', ['N', 'Text'], batches()));
    const response = await app.inject({ method: 'GET', url: '/csv' });
    await app.close();
    const lines = response.body.split('\r\n');
    expect(lines.shift()).toBe('\uFEFF"N","Text"');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(2501);
    expect(lines.every((line, i) => line === `"${i}","${i === 2500 ? 'last' : `row ${i}`}"`)).toBe(true);
  });
});

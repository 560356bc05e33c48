// Prepared statements live in a PostgreSQL backend, so this runs only on PostgreSQL (TEST_DATABASE_URL).
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostgresPool } from 'kysely';
import { preparingPool } from './prepared-statements.ts';

let pool: PostgresPool;

function openPool(options?: Parameters<typeof preparingPool>[1]) {
  // One connection, so every query below meets the same backend and its prepared statements.
  pool = preparingPool(new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 }), options);
}

/** One query through the pool, as Kysely runs it: take a connection, query, give it back. */
async function query<R>(text: string, values: unknown[] = []): Promise<{ rows: R[] }> {
  const client = await pool.connect();
  try {
    return await client.query<R>(text, values);
  } finally {
    client.release();
  }
}

async function preparedTexts(): Promise<string[]> {
  const { rows } = await query<{ statement: string }>('select statement from pg_prepared_statements order by statement');
  return rows.map((r) => r.statement);
}

afterEach(async () => {
  await pool.end();
});

describe('prepared statements', () => {
  it('prepares a parameterized text on its third run and answers the same throughout', async () => {
    openPool();
    const text = 'select $1::int + 1 as n';
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await query<{ n: number }>(text, [i])).rows[0]!.n);
      if (i === 1) expect(await preparedTexts()).toEqual([]);
    }
    expect(answers).toEqual([1, 2, 3, 4, 5]);
    expect(await preparedTexts()).toEqual([text]);
  });

  it('leaves texts without parameters, and texts seen once or twice, unprepared', async () => {
    openPool();
    for (let i = 0; i < 3; i += 1) await query('select 1');
    await query('select $1::text as once', ['a']);
    await query('select $1::text as twice', ['a']);
    await query('select $1::text as twice', ['b']);
    expect(await preparedTexts()).toEqual([]);
  });

  it('keeps at most the stated number per connection, and the rest still run', async () => {
    openPool({ after: 1, perConnection: 2 });
    for (const n of [1, 2, 3, 4]) {
      const { rows } = await query<{ n: number }>(`select $1::int * ${n} as n`, [10]);
      expect(rows[0]!.n).toBe(10 * n);
    }
    expect(await preparedTexts()).toEqual(['select $1::int * 1 as n', 'select $1::int * 2 as n']);
  });

  it('survives a failing statement: the next run of the same text prepares and answers', async () => {
    openPool({ after: 1 });
    const text = 'select 1 / $1::int as n';
    await expect(query(text, [0])).rejects.toThrow(/division by zero/);
    expect((await query<{ n: number }>(text, [1])).rows[0]!.n).toBe(1);
    // A text that does not parse keeps answering its own error, run after run.
    for (let i = 0; i < 2; i += 1) await expect(query('selec $1::int', [1])).rejects.toThrow(/syntax error/);
  });
});

/**
 * A row encoded for binary COPY loads as the same values, and is byte for byte what PostgreSQL
 * sends back for it (what `ledger verify` relies on), at the edges of each type.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.ts';
import { BinaryRowEncoder, BinaryTupleReader, tupleKey, type BinaryType } from './binary-copy.ts';

let database: TestDatabase;
let client: pg.Client;
const columns = ['id', 'small', 'whole', 'big', 'name', 'ref', 'at', 'flag'];
const types: BinaryType[] = ['int8', 'int2', 'int4', 'int8', 'text', 'uuid', 'timestamptz', 'bool'];
const rows = [
  {
    id: 1,
    small: -32768,
    whole: 2147483647,
    big: 2 ** 40 + 7,
    name: 'tab\t, newline\n, backslash\\, é, 😀',
    ref: '3F2504E0-4F89-11D3-9A0C-0305E82C3301',
    at: new Date('1999-12-31T23:59:59.999Z'),
    flag: true,
  },
  {
    id: 2,
    small: 0,
    whole: -2147483648,
    big: -(2 ** 40) - 7,
    name: '',
    ref: '{3f2504e0-4f89-11d3-9a0c-0305e82c3301}',
    at: new Date('2026-02-03T04:05:06.007Z'),
    flag: false,
  },
  { id: 3, small: null, whole: null, big: null, name: null, ref: null, at: null, flag: null },
];

beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url! });
  await client.connect();
  await client.query('create table t (id bigint primary key, small smallint, whole integer, big bigint, name text, ref uuid, at timestamptz, flag boolean)');
});
afterAll(async () => {
  await client.end();
  await database.drop();
});

describe('binary COPY', () => {
  it('loads rows as their values and reads them back byte for byte as encoded', async () => {
    const encoder = new BinaryRowEncoder(columns, types);
    const stream = client.query(copyFrom(`copy t (${columns.join(', ')}) from stdin (format binary)`));
    for (const row of rows) {
      const chunk = encoder.add(row);
      if (chunk) stream.write(chunk);
    }
    stream.end(encoder.end());
    await once(stream, 'finish');

    const { rows: loaded } = await client.query('select id::int, small, whole, big::float8 as big, name, ref::text, at, flag from t order by id');
    expect(loaded[0]).toEqual({ ...rows[0], ref: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' });
    expect(loaded[1]).toEqual({ ...rows[1], ref: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' });
    expect(loaded[2]).toEqual(rows[2]);

    const reader = new BinaryTupleReader();
    const sent: Buffer[] = [];
    for await (const chunk of client.query(
      copyTo(`copy (select ${columns.join(', ')} from t order by id) to stdout (format binary)`),
    ) as AsyncIterable<Buffer>) {
      sent.push(...reader.push(chunk).map((tuple) => Buffer.from(tuple)));
    }
    expect(reader.done).toBe(true);
    const single = new BinaryRowEncoder(columns, types);
    expect(sent.map((tuple) => tuple.toString('hex'))).toEqual(rows.map((row) => single.tuple(row).toString('hex')));
    expect(tupleKey(sent[1]!, [0])).toBe(single.tuple(rows[1]!).subarray(2, 14).toString('latin1'));
  });

  it('refuses a value its column cannot hold, naming the column', () => {
    const encoder = new BinaryRowEncoder(['n'], ['int2']);
    expect(() => encoder.tuple({ n: 40000 })).toThrow(/column n: not a 16-bit integer/);
    expect(() => new BinaryRowEncoder(['w'], ['int4']).tuple({ w: 2147483648 })).toThrow(/column w: not a 32-bit integer/);
    expect(() => new BinaryRowEncoder(['w'], ['int4']).tuple({ w: 1.5 })).toThrow(/column w: not a 32-bit integer/);
    for (const u of [
      'not-a-uuid',
      '3f2504e0-4f89-11d3-9a0c-0305e82c330g',
      '3f2504e0-4f89-11d3-9a0c-0305e82c33\u00e91',
      '3f2504e0+4f89-11d3-9a0c-0305e82c3301',
    ]) {
      expect(() => new BinaryRowEncoder(['u'], ['uuid']).tuple({ u })).toThrow(/column u: not a uuid/);
    }
  });
});

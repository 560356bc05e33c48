/**
 * Walks the hash chains of one range of streams on a connection of its own, inside the snapshot the
 * caller exported, so several ranges are hashed at once on as many cores. Reads each stream in
 * version order by keyset pages on the (stream_id, stream_version) index.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { chainChecker, type ChainedEvent } from './chain-checker.ts';
import type { EventMetadata } from './types.ts';

export interface ChainWorkerInput {
  databaseUrl: string;
  snapshot: string;
  /** Streams from this id (inclusive; null from the first) to `until` (exclusive; null to the last). */
  from: string | null;
  until: string | null;
  pageSize: number;
}

interface ChainRow {
  global_position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  occurred_at: Date;
  prev_hash: Buffer | null;
  hash: Buffer;
}

const input = workerData as ChainWorkerInput;
const client = new pg.Client({ connectionString: input.databaseUrl });
await client.connect();
try {
  await client.query('begin isolation level repeatable read, read only');
  await client.query(`set transaction snapshot '${input.snapshot.replace(/'/g, "''")}'`);
  const read = (after: [string, number]) =>
    client.query<ChainRow>(
      `select global_position, stream_id, stream_version, type, data, metadata, occurred_at, prev_hash, hash
         from events
        where (stream_id, stream_version) > ($1, $2) and ($3::text is null or stream_id < $3)
        order by stream_id, stream_version
        limit $4`,
      [after[0], after[1], input.until, input.pageSize],
    );
  const checker = chainChecker();
  // The first stream of the range, or every stream: ('', -1) sorts before all of them.
  let page = read([input.from ?? '', -1]);
  for (;;) {
    const { rows } = await page;
    if (rows.length === 0) break;
    const last = rows[rows.length - 1]!;
    // The next page is on its way while this one is hashed.
    if (rows.length === input.pageSize) page = read([last.stream_id, last.stream_version]);
    for (const row of rows) {
      const event: ChainedEvent = {
        globalPosition: Number(row.global_position),
        streamId: row.stream_id,
        streamVersion: row.stream_version,
        type: row.type,
        data: row.data,
        metadata: row.metadata,
        occurredAt: row.occurred_at,
        prevHash: row.prev_hash,
        hash: row.hash,
      };
      checker.check(event);
    }
    if (rows.length < input.pageSize) break;
  }
  await client.query('commit');
  parentPort!.postMessage(checker.report());
} finally {
  await client.end();
}

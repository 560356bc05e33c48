/** Helpers the subscription tests share: a table that records deliveries. */
import { sql } from 'kysely';
import type { EventStore, Trx } from '../event-store/event-store.ts';
import type { RecordedEvent } from '../event-store/types.ts';

/** A table whose primary key refuses a second delivery of the same event to the same subscriber. */
export async function createDeliveries(store: EventStore): Promise<void> {
  await sql`create table if not exists test_deliveries (subscriber text not null, position bigint not null, runner text not null, primary key (subscriber, position))`.execute(
    store.db,
  );
}

export function recordDeliveries(subscriber: string, runner: string) {
  return async (trx: Trx, events: RecordedEvent[]) => {
    for (const event of events) {
      await sql`insert into test_deliveries (subscriber, position, runner) values (${subscriber}, ${event.globalPosition}, ${runner})`.execute(trx);
    }
  };
}

export async function deliveries(store: EventStore, subscriber: string): Promise<Array<{ position: number; runner: string }>> {
  const { rows } = await sql<{ position: number; runner: string }>`
    select position::int8 as position, runner from test_deliveries where subscriber = ${subscriber} order by position`.execute(store.db);
  return rows.map((r) => ({ position: Number(r.position), runner: r.runner }));
}

export async function positionsWithPrefix(store: EventStore, prefix: string): Promise<number[]> {
  const rows = await store.db.selectFrom('events').select('global_position').where('stream_id', 'like', `${prefix}:%`).orderBy('global_position').execute();
  return rows.map((r) => Number(r.global_position));
}

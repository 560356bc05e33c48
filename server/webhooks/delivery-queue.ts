/**
 * The sender's SQL: which endpoints have a delivery due, the per-endpoint lease, a page of pending
 * deliveries in send order, and the results of a run of sends recorded in one transaction.
 *
 * The lease (`lease_holder`, `lease_until` on the endpoint) is taken with a conditional update, like
 * a subscription's, and re-read under a row lock in every transaction that records results: a
 * process that stalled past its lease and lost it to another records nothing and stops.
 */
import { sql } from 'kysely';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '../../contract/webhooks.ts';
import type { Db } from '../../ledger/database.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { disabledMail } from './disabled-mail.ts';
import type { SendOutcome } from './send-request.ts';

export class LeaseLost extends Error {}

export interface EndpointTarget {
  id: string;
  url: string;
  secret: string;
}

export interface PendingDelivery {
  messageId: string;
  position: number;
  kind: string;
  payload: unknown;
  attempts: number;
  nextAttemptAt: Date;
}

export interface SendResult {
  delivery: PendingDelivery;
  outcome: SendOutcome;
  at: Date;
}

export interface RetryPolicy {
  /** The wait after the first failure; each further failure doubles it. */
  firstRetryMs: number;
  maxRetryMs: number;
  random: () => number;
}

/** Exponential backoff with jitter (a quarter either way), capped. */
export function retryDelayMs(failures: number, policy: RetryPolicy): number {
  const base = Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** Math.min(failures - 1, 40));
  return Math.min(policy.maxRetryMs, Math.round(base * (0.75 + policy.random() / 2)));
}

/** Enabled endpoints whose oldest pending delivery is due, and whose lease is free or ours. */
export async function dueEndpoints(db: Db, holder: string, now: Date): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select e.id from webhook_endpoints e
     cross join lateral (
       select d.next_attempt_at from webhook_deliveries d
        where d.endpoint_id = e.id and d.status = 'pending' order by d.seq limit 1) head
     where e.enabled and head.next_attempt_at <= ${now}
       and (e.lease_holder is null or e.lease_holder = ${holder} or e.lease_until < now())`.execute(db);
  return rows.map((r) => r.id);
}

export async function acquireLease(db: Db, endpointId: string, holder: string, leaseMs: number): Promise<EndpointTarget | null> {
  const { rows } = await sql<EndpointTarget>`
    update webhook_endpoints set lease_holder = ${holder}, lease_until = now() + ${leaseMs} * interval '1 millisecond'
     where id = ${endpointId} and enabled
       and (lease_holder is null or lease_holder = ${holder} or lease_until < now())
     returning id, url, secret`.execute(db);
  return rows[0] ?? null;
}

export async function releaseLease(db: Db, endpointId: string, holder: string): Promise<void> {
  await sql`update webhook_endpoints set lease_holder = null, lease_until = now() where id = ${endpointId} and lease_holder = ${holder}`.execute(db);
}

/** The endpoint's first pending deliveries in send order. */
export async function pendingPage(db: Db, endpointId: string, limit: number): Promise<PendingDelivery[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['message_id', 'position', 'kind', 'payload', 'attempts', 'next_attempt_at'])
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    messageId: r.message_id,
    position: Number(r.position),
    kind: r.kind,
    payload: r.payload,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
  }));
}

export type RecordedState = { disabled: false } | { disabled: true; reason: string };

/**
 * Records a run of sends (deliveries in order; only the last may have failed) in one transaction:
 * every attempt, the delivered rows, the failed one's next try, and the endpoint's state (failing
 * since when, or disabled with an e-mail to its creator). Throws LeaseLost if the lease is no longer ours.
 */
export async function recordResults(
  db: Db,
  endpointId: string,
  holder: string,
  leaseMs: number,
  results: SendResult[],
  policy: RetryPolicy,
): Promise<RecordedState> {
  if (results.length === 0) return { disabled: false };
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ lease_holder: string | null; failing_since: Date | null }>`
      select lease_holder, failing_since from webhook_endpoints where id = ${endpointId} for update`.execute(trx);
    const endpoint = rows[0];
    if (!endpoint || endpoint.lease_holder !== holder) throw new LeaseLost();

    await trx
      .insertInto('webhook_attempts')
      .values(
        results.map(({ delivery, outcome, at }) => ({
          endpoint_id: endpointId,
          position: delivery.position,
          message_id: delivery.messageId,
          kind: delivery.kind,
          attempted_at: at,
          status: outcome.status,
          error: outcome.kind === 'delivered' ? null : outcome.error,
          latency_ms: outcome.latencyMs,
        })),
      )
      .execute();

    const delivered = results.filter((r) => r.outcome.kind === 'delivered');
    if (delivered.length > 0) {
      await sql`
        update webhook_deliveries d set status = 'delivered', delivered_at = v.at, attempts = d.attempts + 1
          from unnest(${delivered.map((r) => r.delivery.messageId)}::text[], ${delivered.map((r) => r.at.toISOString())}::timestamptz[]) as v(message_id, at)
         where d.endpoint_id = ${endpointId} and d.message_id = v.message_id and d.status = 'pending'`.execute(trx);
    }

    const last = results[results.length - 1]!;
    let failingSince = delivered.length > 0 ? null : endpoint.failing_since;
    let disabledReason: string | null = null;
    if (last.outcome.kind !== 'delivered') {
      const failures = last.delivery.attempts + 1;
      await trx
        .updateTable('webhook_deliveries')
        .set({ attempts: failures, next_attempt_at: new Date(last.at.getTime() + retryDelayMs(failures, policy)) })
        .where('endpoint_id', '=', endpointId)
        .where('message_id', '=', last.delivery.messageId)
        .execute();
      failingSince ??= last.at;
      if (last.outcome.kind === 'gone') disabledReason = WEBHOOK_MESSAGES.disabledGone;
      else if (last.at.getTime() - failingSince.getTime() >= WEBHOOK_LIMITS.retryForMs) disabledReason = WEBHOOK_MESSAGES.disabledFailing;
    }

    await sql`
      update webhook_endpoints set failing_since = ${failingSince}, lease_until = now() + ${leaseMs} * interval '1 millisecond'
       where id = ${endpointId}`.execute(trx);
    if (!disabledReason || last.outcome.kind === 'delivered') return { disabled: false };
    await disableEndpoint(trx, endpointId, disabledReason, last.outcome.error, last.at);
    return { disabled: true, reason: disabledReason };
  });
}

/** Turns the endpoint off (its deliveries stay pending) and e-mails the person who registered it. */
async function disableEndpoint(trx: Db, endpointId: string, reason: string, lastError: string, at: Date): Promise<void> {
  await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: reason, disabled_at: at, lease_holder: null, lease_until: sql`now()` })
    .where('id', '=', endpointId)
    .execute();
  const row = await trx
    .selectFrom('webhook_endpoints as e')
    .innerJoin('users as u', 'u.id', 'e.created_by')
    .leftJoin('projects as p', 'p.id', 'e.project_id')
    .select((eb) => [
      'e.url',
      'u.email',
      'p.project_name',
      eb
        .selectFrom('webhook_deliveries as d')
        .whereRef('d.endpoint_id', '=', 'e.id')
        .where('d.status', '=', 'pending')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('pending'),
    ])
    .where('e.id', '=', endpointId)
    .executeTakeFirstOrThrow();
  await enqueueMail(trx, disabledMail(row.email, { url: row.url, projectName: row.project_name, reason, lastError, pending: Number(row.pending ?? 0) }));
}

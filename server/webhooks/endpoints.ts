/**
 * Webhook endpoints: registration, changes, secrets and the answers the API gives about them
 * (with how many deliveries wait, the last delivered position and the last attempt). Endpoints are
 * configuration, not ledger: their secrets must never reach the immutable, exported ledger.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_ATTEMPTS_PAGE_SIZE,
  WEBHOOK_NOT_FOUND,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEventKind,
} from '../../contract/webhooks.ts';
import type { Db } from '../../ledger/database.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { DomainError } from '../../ledger/errors.ts';
import { readSiteSettings } from '../site/site-settings.ts';
import { type AddressLookup, checkWebhookTarget } from './address-guard.ts';
import { latestCheckpointSeq } from './checkpoint-deliveries.ts';

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** Refuses (400 on `url`) an address the guard does not admit under the site's setting. */
export async function checkEndpointUrl(db: Db, url: string, lookup?: AddressLookup): Promise<string> {
  const { webhooks_allow_private } = await readSiteSettings(db);
  const checked = await checkWebhookTarget(url, { allowPrivate: webhooks_allow_private, ...(lookup ? { lookup } : {}) });
  if (!checked.ok) throw new DomainError('VALIDATION', checked.message, 'url');
  return url;
}

function endpointQuery(db: Db) {
  return db
    .selectFrom('webhook_endpoints as e')
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .select(['e.id', 'e.project_id', 'e.url', 'e.kinds', 'e.description', 'e.enabled', 'e.disabled_reason', 'e.created_at', 'e.failing_since'])
    .select(sql<string>`coalesce(trim(u.user_firstname || ' ' || u.user_lastname), '')`.as('created_by_name'))
    .select(sql<string>`(select count(*) from webhook_deliveries d where d.endpoint_id = e.id and d.status = 'pending')::text`.as('pending'))
    .select(
      sql<
        string | null
      >`(select d.position::text from webhook_deliveries d where d.endpoint_id = e.id and d.status = 'delivered' order by d.seq desc limit 1)`.as(
        'delivered_position',
      ),
    )
    .select(sql<Date | null>`(select a.attempted_at from webhook_attempts a where a.endpoint_id = e.id order by a.id desc limit 1)`.as('last_attempt_at'));
}

type EndpointRow = Awaited<ReturnType<ReturnType<typeof endpointQuery>['executeTakeFirstOrThrow']>>;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    project_id: row.project_id,
    url: row.url,
    kinds: row.kinds as WebhookEventKind[],
    description: row.description,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    created_at: iso(row.created_at)!,
    created_by_name: row.created_by_name,
    pending: Number(row.pending),
    delivered_position: row.delivered_position === null ? null : Number(row.delivered_position),
    last_attempt_at: iso(row.last_attempt_at),
    failing_since: iso(row.failing_since),
  };
}

/** A project's endpoints, or (null) the site-wide ones, oldest first. */
export async function listEndpoints(db: Db, projectId: string | null): Promise<WebhookEndpoint[]> {
  const rows = await endpointQuery(db)
    .where('e.project_id', projectId === null ? 'is' : '=', projectId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  return rows.map(toEndpoint);
}

export async function readEndpoint(db: Db, id: string): Promise<WebhookEndpoint> {
  const row = await endpointQuery(db).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', WEBHOOK_NOT_FOUND);
  return toEndpoint(row);
}

/** The endpoint's scope, to judge who may manage it; 404 when there is none. */
export async function endpointScope(db: Db, id: string): Promise<{ project_id: string | null }> {
  const row = await db.selectFrom('webhook_endpoints').select('project_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', WEBHOOK_NOT_FOUND);
  return row;
}

/** Registers an endpoint that hears of events after the ledger's head now; returns it with its secret. */
export async function createEndpoint(
  store: EventStore,
  input: CreateWebhookBody,
  createdBy: string,
  lookup?: AddressLookup,
): Promise<WebhookEndpoint & { secret: string }> {
  const { db } = store;
  const url = await checkEndpointUrl(db, input.url, lookup);
  const id = randomUUID();
  const secret = newWebhookSecret();
  await db
    .insertInto('webhook_endpoints')
    .values({
      id,
      project_id: input.project_id,
      url,
      kinds: [...new Set(input.kinds)],
      description: input.description,
      secret,
      start_position: await store.headPosition(),
      checkpoint_seq: await latestCheckpointSeq(db),
      created_by: createdBy,
    })
    .execute();
  return { ...(await readEndpoint(db, id)), secret };
}

/**
 * Changes an endpoint. Enabling it again clears why it was disabled and makes its waiting
 * deliveries due now; a newly chosen checkpoint kind hears of checkpoints signed from now on, as a
 * newly chosen event kind hears of events from now on.
 */
export async function updateEndpoint(
  db: Db,
  id: string,
  patch: UpdateWebhookBody,
  lookup?: AddressLookup,
): Promise<{ endpoint: WebhookEndpoint; reenabled: boolean }> {
  const url = patch.url === undefined ? undefined : await checkEndpointUrl(db, patch.url, lookup);
  const reenabled = await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('webhook_endpoints').select(['enabled', 'kinds']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new DomainError('NOT_FOUND', WEBHOOK_NOT_FOUND);
    const enabling = patch.enabled === true && !before.enabled;
    const addsCheckpoints = patch.kinds?.includes('checkpoint.signed') === true && !before.kinds.includes('checkpoint.signed');
    await trx
      .updateTable('webhook_endpoints')
      .set({
        ...(url === undefined ? {} : { url }),
        ...(patch.kinds === undefined ? {} : { kinds: [...new Set(patch.kinds)] }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
        ...(enabling ? { disabled_reason: null, disabled_at: null, failing_since: null } : {}),
        ...(addsCheckpoints ? { checkpoint_seq: await latestCheckpointSeq(trx) } : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
    if (enabling) {
      await trx
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: sql<Date>`now()` })
        .where('endpoint_id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    }
    return enabling;
  });
  return { endpoint: await readEndpoint(db, id), reenabled };
}

export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new DomainError('NOT_FOUND', WEBHOOK_NOT_FOUND);
}

/** A new secret; deliveries signed from now on use it. */
export async function rotateSecret(db: Db, id: string): Promise<WebhookEndpoint & { secret: string }> {
  const secret = newWebhookSecret();
  const result = await db.updateTable('webhook_endpoints').set({ secret, updated_at: sql<Date>`now()` }).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError('NOT_FOUND', WEBHOOK_NOT_FOUND);
  return { ...(await readEndpoint(db, id)), secret };
}

/** An endpoint's attempts, newest first, a page at a time. */
export async function attemptPage(db: Db, id: string, page: number): Promise<{ items: WebhookAttempt[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('webhook_attempts')
      .select(['id', 'message_id', 'kind', 'position', 'attempted_at', 'status', 'error', 'latency_ms'])
      .where('endpoint_id', '=', id)
      .orderBy('id', 'desc')
      .limit(WEBHOOK_ATTEMPTS_PAGE_SIZE)
      .offset((page - 1) * WEBHOOK_ATTEMPTS_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('webhook_attempts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('endpoint_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: String(r.id),
      message_id: r.message_id,
      kind: r.kind as WebhookEventKind,
      position: Number(r.position),
      attempted_at: iso(r.attempted_at)!,
      status: r.status,
      error: r.error,
      latency_ms: r.latency_ms,
    })),
    total: Number(count.n),
  };
}

/**
 * Who is calling and what they may do in a project, remembered in this process so the hot path
 * makes no database round trip to authenticate or authorize. Everything that could change an answer
 * clears the whole cache: in this process at once (its own commits, its own revocations), in every
 * other process through the `access_changed` NOTIFY that database triggers raise (migration 0008),
 * and a short time-to-live bounds any wake-up that was lost.
 */
import type { Db } from '../../ledger/database.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import type { ProjectRole } from '../../ledger/project/events.ts';
import { ACCESS_NEUTRAL_USER_EVENTS } from '../../ledger/user/events.ts';
import { callerForApiToken } from './api-tokens.ts';
import { hashToken, sessionForAccessToken, type AuthenticatedUser } from './session-store.ts';

export const ACCESS_CHANGED_CHANNEL = 'access_changed';

/** Streams whose events can change a session's user, a membership or the maintenance flag. */
export const changesAccess = (event: RecordedEvent) =>
  /^(user|project|site):/.test(event.streamId) && !(ACCESS_NEUTRAL_USER_EVENTS as readonly string[]).includes(event.type);

export interface ProjectMembership {
  /** False for a project that does not exist or was deleted. */
  exists: boolean;
  role: ProjectRole | null;
}

interface Entry<T> {
  value: T;
  /** The entry is not used past this instant (time-to-live, or the token's own expiry). */
  until: number;
}

export interface AccessCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
}

export class AccessCache {
  private readonly users = new Map<string, Entry<AuthenticatedUser>>();
  private readonly tokens = new Map<string, Entry<AuthenticatedUser>>();
  private readonly memberships = new Map<string, Entry<ProjectMembership>>();
  /** Lookups in flight: callers that miss at the same moment share one query. */
  private readonly pending = new Map<string, Promise<unknown>>();
  /** Bumped by every clear, so an answer read before a change is not stored after it. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly db: Db,
    options: AccessCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 5000;
    this.maxEntries = options.maxEntries ?? 20_000;
  }

  clear(): void {
    this.generation += 1;
    this.users.clear();
    this.tokens.clear();
    this.memberships.clear();
    this.pending.clear();
  }

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.pending.get(key);
    if (running) return running as Promise<T>;
    const started = load().finally(() => {
      if (this.pending.get(key) === started) this.pending.delete(key);
    });
    this.pending.set(key, started);
    return started;
  }

  async user(accessToken: string, now = Date.now()): Promise<AuthenticatedUser | null> {
    const key = hashToken(accessToken);
    const hit = this.users.get(key);
    if (hit && hit.until > now) return hit.value;
    const generation = this.generation;
    const found = await this.once(`u:${key}`, () => sessionForAccessToken(this.db, key, new Date(now)));
    // Unknown tokens are not remembered: guessing tokens must not fill the cache.
    if (found && generation === this.generation) {
      this.remember(this.users, key, { value: found.user, until: Math.min(now + this.ttlMs, found.expiresAt.getTime()) });
    }
    return found?.user ?? null;
  }

  /** The caller behind an API token (api-tokens.ts), remembered as a session is, never past its expiry. */
  async apiToken(token: string, now = Date.now()): Promise<AuthenticatedUser | null> {
    const key = hashToken(token);
    const hit = this.tokens.get(key);
    if (hit && hit.until > now) return hit.value;
    const generation = this.generation;
    const found = await this.once(`t:${key}`, () => callerForApiToken(this.db, key, new Date(now)));
    if (found && generation === this.generation) {
      this.remember(this.tokens, key, { value: found.user, until: Math.min(now + this.ttlMs, found.expiresAt.getTime()) });
    }
    return found?.user ?? null;
  }

  /** A person's project role, or a project service token's (its id stands for the caller's). */
  async membership(userId: string, projectId: string, now = Date.now()): Promise<ProjectMembership> {
    const key = `${userId}:${projectId}`;
    const hit = this.memberships.get(key);
    if (hit && hit.until > now) return hit.value;
    const generation = this.generation;
    const row = await this.once(`m:${key}`, () =>
      this.db
        .selectFrom('projects as p')
        .leftJoin('project_members as m', (join) => join.onRef('m.project_id', '=', 'p.id').on('m.user_id', '=', userId))
        .leftJoin('api_tokens as t', (join) =>
          join.onRef('t.project_id', '=', 'p.id').on('t.id', '=', userId).on('t.kind', '=', 'service').on('t.revoked_at', 'is', null),
        )
        .select(['p.id', 'm.project_role', 't.project_role as token_role'])
        .where('p.id', '=', projectId)
        .where('p.archived_at', 'is', null)
        .executeTakeFirst(),
    );
    const value = { exists: Boolean(row), role: row?.project_role ?? row?.token_role ?? null };
    if (generation === this.generation) this.remember(this.memberships, key, { value, until: now + this.ttlMs });
    return value;
  }

  private remember<T>(map: Map<string, Entry<T>>, key: string, entry: Entry<T>): void {
    if (map.size >= this.maxEntries) map.delete(map.keys().next().value!);
    map.set(key, entry);
  }
}

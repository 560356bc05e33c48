/**
 * A project's state tag (what its conditional reads name in their ETag), remembered in this process
 * until a committed event may have changed it, so a read while nothing changed makes no database
 * round trip. Under a mixed load those tag queries were one per read and took the processor the
 * writes needed.
 *
 * What forgets a tag:
 * - this process's own commits, synchronously after the commit and before any command answers: a
 *   project named by the events' changes (the same changes the browsers refetch on), or every
 *   project when an event concerns them all or names none;
 * - a ledger wake-up (NOTIFY) for a position this process did not commit: another process wrote, and
 *   which projects it touched is not known without reading, so every tag is forgotten;
 * - a short time-to-live, which bounds a wake-up lost while the listening connection was down.
 * A load that began before a change is not kept after it (generations). Readers that miss share the
 * load begun since the last change this process knows of, even one begun before they asked: it
 * answers what a remembered tag would have, and a remembered tag is what they would get had it
 * finished first. (Each waiting for a load begun after it asked made two or three tag queries per
 * change under a mixed load, each a round trip the writes waited behind.)
 */
import { EVERY_PROJECT } from '../../contract/topics.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { changesOf } from '../../ledger/events.ts';

interface Entry {
  tag: string;
  until: number;
}

/** What the cache hears from the ledger: this process's commits and every process's wake-ups. */
export type CommitSignals = Pick<EventStore, 'onCommitted'> & { notifier: Pick<EventStore['notifier'], 'subscribe'> };

export interface StateTagCacheOptions {
  ttlMs?: number;
  /** Own commits' positions remembered to recognise their wake-ups; older ones are dropped. */
  maxOwnPositions?: number;
}

/** The projects a batch of committed events may have changed, or 'all'. */
export function projectsChangedBy(events: readonly RecordedEvent[]): Set<string> | 'all' {
  const projects = new Set<string>();
  for (const event of events) {
    const changes = changesOf(event);
    if (changes.length === 0) return 'all';
    for (const change of changes) {
      if (change.projectId === EVERY_PROJECT) return 'all';
      projects.add(change.projectId);
    }
  }
  return projects;
}

export class StateTagCache {
  private readonly entries = new Map<string, Entry>();
  /** Per project, bumped by every change to it; `everything` is added to all of them. */
  private readonly generations = new Map<string, number>();
  private everything = 0;
  private readonly ownPositions = new Set<number>();
  /** Loads in flight, keyed by project and the generation each began in. */
  private readonly loading = new Map<string, Promise<string>>();
  private readonly ttlMs: number;
  private readonly maxOwnPositions: number;
  private readonly stops: Array<() => void>;

  constructor(
    store: CommitSignals,
    private readonly load: (projectId: string) => Promise<string>,
    options: StateTagCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 1000;
    this.maxOwnPositions = options.maxOwnPositions ?? 10_000;
    this.stops = [store.onCommitted((events) => this.committedHere(events)), store.notifier.subscribe((position) => this.woken(position))];
  }

  async read(projectId: string, now = Date.now()): Promise<string> {
    // A change deletes the project's entry, so an entry found is from since the last change.
    const hit = this.entries.get(projectId);
    if (hit && hit.until > now) return hit.tag;
    const generation = this.generationOf(projectId);
    const key = `${projectId}@${generation}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(projectId).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const tag = await pending;
    // Kept only if nothing changed the project while it loaded: the load may predate that change.
    if (this.generationOf(projectId) === generation) this.entries.set(projectId, { tag, until: now + this.ttlMs });
    return tag;
  }

  /** Forgets the tags of these projects, or every tag. */
  changed(projects: Iterable<string> | 'all'): void {
    if (projects === 'all') {
      this.everything += 1;
      this.entries.clear();
      return;
    }
    for (const id of projects) {
      this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
      this.entries.delete(id);
    }
  }

  stop(): void {
    for (const stop of this.stops) stop();
  }

  private generationOf(projectId: string): number {
    return this.everything + (this.generations.get(projectId) ?? 0);
  }

  private committedHere(events: readonly RecordedEvent[]): void {
    this.changed(projectsChangedBy(events));
    for (const event of events) this.ownPositions.add(event.globalPosition);
    // A Set keeps insertion order: the oldest positions go first.
    for (const position of this.ownPositions) {
      if (this.ownPositions.size <= this.maxOwnPositions) break;
      this.ownPositions.delete(position);
    }
  }

  private woken(position: number): void {
    if (this.ownPositions.delete(position)) return;
    this.changed('all');
  }
}

import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { type CommitSignals, projectsChangedBy, StateTagCache } from './state-tag-cache.ts';

/** A ledger's signals driven by the test: `commit` is this process committing, `wake` a NOTIFY. */
function signals() {
  const committed = new Set<(events: RecordedEvent[]) => void>();
  const woken = new Set<(position: number) => void>();
  const store: CommitSignals = {
    onCommitted: (listener) => {
      committed.add(listener);
      return () => committed.delete(listener);
    },
    notifier: {
      subscribe: (listener) => {
        woken.add(listener);
        return () => woken.delete(listener);
      },
    },
  };
  return {
    store,
    commit: (events: RecordedEvent[]) => {
      for (const listener of committed) listener(events);
    },
    wake: (position: number) => {
      for (const listener of woken) listener(position);
    },
    listeners: () => committed.size + woken.size,
  };
}

let position = 0;
function received(projectId: string, kind: 'project' | 'warehouse' = 'project'): RecordedEvent {
  position += 1;
  return {
    globalPosition: position,
    streamId: `stock:${kind}:${projectId}:m1`,
    streamVersion: 1,
    type: 'MaterialReceived',
    data: { location: { kind, id: projectId } },
    metadata: { actorId: null, actorName: 'Test' },
    idempotencyKey: null,
    occurredAt: new Date(),
    recordedAt: new Date(),
    transactionId: '1',
    prevHash: null,
    hash: new Uint8Array(),
  } as RecordedEvent;
}

/** A tag source that counts its loads and answers the current version of each project. */
function source() {
  const versions = new Map<string, number>();
  let loads = 0;
  return {
    load: async (projectId: string) => {
      loads += 1;
      return `${projectId}@${versions.get(projectId) ?? 0}`;
    },
    bump: (projectId: string) => versions.set(projectId, (versions.get(projectId) ?? 0) + 1),
    loads: () => loads,
  };
}

describe('StateTagCache', () => {
  it('answers a project tag from memory until this process commits a change to that project', async () => {
    const ledger = signals();
    const tags = source();
    const cache = new StateTagCache(ledger.store, tags.load);
    expect(await cache.read('a')).toBe('a@0');
    expect(await cache.read('a')).toBe('a@0');
    expect(await cache.read('b')).toBe('b@0');
    expect(tags.loads()).toBe(2);

    tags.bump('a');
    const event = received('a');
    ledger.commit([event]);
    expect(await cache.read('a')).toBe('a@1');
    // Project b was not touched: still from memory.
    expect(await cache.read('b')).toBe('b@0');
    expect(tags.loads()).toBe(3);
    // The commit's own wake-up changes nothing more.
    ledger.wake(event.globalPosition);
    expect(await cache.read('b')).toBe('b@0');
    expect(tags.loads()).toBe(3);
    cache.stop();
    expect(ledger.listeners()).toBe(0);
  });

  it('forgets every tag on a wake-up for a position another process committed', async () => {
    const ledger = signals();
    const tags = source();
    const cache = new StateTagCache(ledger.store, tags.load);
    await cache.read('a');
    await cache.read('b');
    tags.bump('b');
    ledger.wake(987_654);
    expect(await cache.read('a')).toBe('a@0');
    expect(await cache.read('b')).toBe('b@1');
    expect(tags.loads()).toBe(4);
  });

  it('forgets every tag when an event concerns every project (a warehouse, the catalogue)', async () => {
    const ledger = signals();
    const tags = source();
    const cache = new StateTagCache(ledger.store, tags.load);
    await cache.read('a');
    ledger.commit([received('w1', 'warehouse')]);
    await cache.read('a');
    expect(tags.loads()).toBe(2);
  });

  it('does not keep a tag whose load began before a change committed', async () => {
    const ledger = signals();
    let release!: () => void;
    let loads = 0;
    const cache = new StateTagCache(ledger.store, async (projectId) => {
      loads += 1;
      if (loads === 1) await new Promise<void>((resolve) => (release = resolve));
      return `${projectId}#${loads}`;
    });
    const slow = cache.read('a');
    await new Promise((resolve) => setTimeout(resolve, 0));
    ledger.commit([received('a')]);
    release();
    expect(await slow).toBe('a#1');
    // The first load may predate the commit: the next read loads again.
    expect(await cache.read('a')).toBe('a#2');
    expect(await cache.read('a')).toBe('a#2');
  });

  it('lets readers that miss at once share one load, but not one that began before a change', async () => {
    const ledger = signals();
    const releases: Array<() => void> = [];
    let loads = 0;
    const cache = new StateTagCache(ledger.store, async (projectId) => {
      loads += 1;
      const n = loads;
      await new Promise<void>((resolve) => releases.push(resolve));
      return `${projectId}#${n}`;
    });
    const first = cache.read('a');
    const second = cache.read('a');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(1);
    // This process commits to the project while that load runs: a reader from now on needs a load
    // that began after the commit, and shares it with the readers after it.
    ledger.commit([received('a')]);
    const third = cache.read('a');
    const fourth = cache.read('a');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(2);
    for (const release of releases) release();
    expect(await Promise.all([first, second, third, fourth])).toEqual(['a#1', 'a#1', 'a#2', 'a#2']);
    // The load after the commit is kept; the one before it is not.
    expect(await cache.read('a')).toBe('a#2');
    expect(loads).toBe(2);
  });

  it('loads again once the time-to-live has passed, a wake-up lost or not', async () => {
    const ledger = signals();
    const tags = source();
    const cache = new StateTagCache(ledger.store, tags.load, { ttlMs: 1000 });
    await cache.read('a', 10_000);
    await cache.read('a', 10_999);
    expect(tags.loads()).toBe(1);
    tags.bump('a');
    expect(await cache.read('a', 11_000)).toBe('a@1');
  });

  it('names the projects a batch changed, or every project', () => {
    expect(projectsChangedBy([received('a'), received('b'), received('a')])).toEqual(new Set(['a', 'b']));
    expect(projectsChangedBy([received('a'), received('w', 'warehouse')])).toBe('all');
    expect(projectsChangedBy([{ ...received('a'), type: 'SomethingUnknown' }])).toBe('all');
  });
});

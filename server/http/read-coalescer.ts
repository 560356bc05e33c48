/**
 * Shares one read among the callers that ask for the same key at once, without ever answering a
 * caller from a read that began before it asked: a caller that arrives while a read is running
 * waits for the next one, which starts when the running one ends and serves everyone who waited.
 * So a read after a write still sees the write, and 32 readers of one inventory cost two queries.
 */
interface Slot<V> {
  running: Promise<V> | null;
  next: Promise<V> | null;
}

export class ReadCoalescer<K, V> {
  private readonly slots = new Map<K, Slot<V>>();

  constructor(private readonly load: (key: K) => Promise<V>) {}

  read(key: K): Promise<V> {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { running: null, next: null };
      this.slots.set(key, slot);
    }
    if (!slot.running) return this.start(key, slot);
    if (!slot.next) {
      const current = slot.running;
      const owner = slot;
      slot.next = current.then(
        () => this.start(key, owner, true),
        () => this.start(key, owner, true),
      );
    }
    return slot.next;
  }

  private start(key: K, slot: Slot<V>, fromQueue = false): Promise<V> {
    if (fromQueue) slot.next = null;
    const running = this.load(key).finally(() => {
      if (slot.running !== running) return;
      slot.running = null;
      if (!slot.next) this.slots.delete(key);
    });
    slot.running = running;
    return running;
  }
}

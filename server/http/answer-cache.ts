/**
 * Answers already serialized, keyed by what they reflect (the location, the state's tag and the
 * request's query): an unchanged inventory asked for again costs a lookup instead of a query and a
 * serialization. A changed state has a new tag, so an entry is never wrong, only unused; the least
 * recently used go first once the bytes reach the bound.
 */
export class AnswerCache {
  // Bytes, not strings: the same buffer goes to every socket that asks, with no copy per answer.
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  /** Answers being made: requests for the same key at once share one query and serialization. */
  private readonly making = new Map<string, Promise<Buffer>>();

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  /** The answer under `key`, made by `make` (once, however many ask meanwhile) when it is not kept. */
  answer(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.get(key);
    if (kept !== undefined) return Promise.resolve(kept);
    let made = this.making.get(key);
    if (!made) {
      made = make()
        .then((body) => {
          this.set(key, body);
          return body;
        })
        .finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    return made;
  }

  get(key: string): Buffer | undefined {
    const body = this.entries.get(key);
    if (body !== undefined) {
      // Re-inserting marks it most recently used (a Map iterates in insertion order).
      this.entries.delete(key);
      this.entries.set(key, body);
    }
    return body;
  }

  set(key: string, body: Buffer): void {
    const size = body.byteLength;
    if (size > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.byteLength;
    }
    this.entries.set(key, body);
    this.bytes += size;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.byteLength;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

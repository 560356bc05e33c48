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

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

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

/**
 * Answers already serialized, keyed by what they reflect (the location, the state's tag and the
 * request's query): an unchanged inventory asked for again costs a lookup instead of a query and a
 * serialization. A changed state has a new tag, so an entry is never wrong, only unused; the least
 * recently used go first once the bytes reach the bound.
 */
export class AnswerCache {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(key: string): string | undefined {
    const body = this.entries.get(key);
    if (body !== undefined) {
      // Re-inserting marks it most recently used (a Map iterates in insertion order).
      this.entries.delete(key);
      this.entries.set(key, body);
    }
    return body;
  }

  set(key: string, body: string): void {
    // UTF-16 in memory: two bytes a character is the bound that matters here.
    const size = body.length * 2;
    if (size > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.length * 2;
    }
    this.entries.set(key, body);
    this.bytes += size;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length * 2;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A bounded least-recently-used map of finished responses (rendered pages, serialised public
 * lists). `clear()` drops everything and starts a new generation: work that began before a
 * content write cannot store its (now stale) result afterwards, because `set` ignores values
 * from an older generation.
 */
export class ResponseCache<V> {
  private readonly entries = new Map<string, V>();
  private currentGeneration = 0;

  constructor(readonly maxEntries = 500) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('maxEntries must be a positive integer');
  }

  /** Changes on every clear; read it before producing a response and pass it to `set`. */
  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores the value unless the cache was cleared since `generation` was read. */
  set(key: string, value: V, generation: number): boolean {
    if (generation !== this.currentGeneration) return false;
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    return true;
  }

  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
  }
}

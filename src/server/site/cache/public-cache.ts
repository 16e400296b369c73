/**
 * How the instances on one PostgreSQL database tell each other that content changed
 * (site/cache/cache-invalidation.ts, LISTEN/NOTIFY). A process that runs alone has none.
 */
export interface CacheInvalidationBus {
  /** Resolves once every other process has cleared (or was given up on); this process clears itself. */
  publish(): Promise<void>;
  /** Calls `listener` when another process published; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** How many of getRecent's items are kept. */
export const RECENT_ITEMS = 100;

/**
 * The site's one cache of public answers, kept in memory until the next content write:
 * - `get(key, load)` memoises public reads (lists, settings) for the procedures;
 * - `getRecent(key, load)` memoises one of many items (a post by id, with its text), the most recently read only;
 * - `shelf(maxEntries)` gives a bounded store of finished responses (rendered pages, serialised
 *   `/api` reads, feeds), each a CachedBody that keeps its own compressed forms.
 *
 * Every successful content write calls `clear()`: it empties all of it here at once, starts a new
 * generation (a response begun before the write cannot be stored after it), and publishes on the
 * bus so every other instance empties its own: `propagation()` tells when they all have, and
 * answers wait for it (see app.ts).
 */
export class PublicCache {
  private readonly reads = new Map<string, Promise<unknown>>();
  private readonly shelves = new Set<CacheShelf<unknown>>();
  private readonly listeners = new Set<() => void>();
  private readonly publishing = new Set<Promise<void>>();
  private currentGeneration = 0;
  /** Items of which there may be thousands: a crawler going through every post does not keep them all. */
  private readonly recent = this.shelf<Promise<unknown>>(RECENT_ITEMS);

  constructor(private readonly bus: CacheInvalidationBus | null = null) {
    bus?.subscribe(() => this.clearHere());
  }

  /** Changes on every clear; read it before producing a response and pass it to the shelf's `set`. */
  get generation(): number {
    return this.currentGeneration;
  }

  /** Not `async`: a hit hands back the stored promise itself, with no wrapper promise per read. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.reads.get(key);
    if (cached) return cached as Promise<T>;
    let pending: Promise<T>;
    try {
      pending = load();
    } catch (error) {
      return Promise.reject(error);
    }
    this.reads.set(key, pending);
    // Forget a failed load, unless a clear() has already replaced it with a newer one.
    pending.catch(() => {
      if (this.reads.get(key) === pending) this.reads.delete(key);
    });
    return pending;
  }

  /** As get(), for one of many items: only the `RECENT_ITEMS` most recently read stay. */
  getRecent<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.recent.get(key);
    if (cached) return cached as Promise<T>;
    let pending: Promise<T>;
    try {
      pending = load();
    } catch (error) {
      return Promise.reject(error);
    }
    this.recent.set(key, pending, this.generation);
    pending.catch(() => this.recent.forget(key, pending));
    return pending;
  }

  /** A bounded store of finished responses of one kind, emptied with the rest of the cache. */
  shelf<V>(maxEntries: number): CacheShelf<V> {
    const shelf = new CacheShelf<V>(this, maxEntries);
    this.shelves.add(shelf as CacheShelf<unknown>);
    return shelf;
  }

  /** Clears this process's cache now, and every other instance's through the bus. */
  clear(): void {
    this.clearHere();
    if (!this.bus) return;
    const published = this.bus
      .publish()
      .catch(() => undefined)
      .finally(() => this.publishing.delete(published));
    this.publishing.add(published);
  }

  /** Resolves once every clear made here so far has reached every instance; null when none is under way. */
  propagation(): Promise<unknown> | null {
    return this.publishing.size === 0 ? null : Promise.all(this.publishing);
  }

  /** Calls `listener` after every clear, this process's or another instance's (e.g. to drop work in flight). */
  onClear(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private clearHere(): void {
    this.currentGeneration += 1;
    this.reads.clear();
    for (const shelf of this.shelves) shelf.empty();
    for (const listener of this.listeners) listener();
  }
}

/** A least-recently-used map of finished responses, part of a PublicCache (see `PublicCache.shelf`). */
export class CacheShelf<V> {
  private readonly entries = new Map<string, V>();

  constructor(
    private readonly cache: PublicCache,
    readonly maxEntries: number,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('maxEntries must be a positive integer');
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
    if (generation !== this.cache.generation) return false;
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    return true;
  }

  /** Drops the entry for `key` if it still holds `value` (e.g. a load that failed). */
  forget(key: string, value: V): void {
    if (this.entries.get(key) === value) this.entries.delete(key);
  }

  /** Called by the cache's clear. */
  empty(): void {
    this.entries.clear();
  }
}

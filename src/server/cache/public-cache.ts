import { LocalInvalidationBus, type InvalidationBus } from '../cluster/invalidation-bus.js';

/** How many of getRecent's items are kept. */
export const RECENT_ITEMS = 100;

/**
 * Memoises public reads (lists and by-id lookups) in memory. Every successful content
 * write clears it, so readers never see stale content; listeners (e.g. a rendered-page
 * cache) are told when that happens. With several server processes, a clear here is
 * published on the bus and every other process clears its own: `propagation()` tells
 * when they all have, and answers wait for it (see app.ts).
 */
export class PublicCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  /** Items of which there may be thousands (a post by id): the most recently read only, in order of use. */
  private readonly recent = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<() => void>();
  private readonly publishing = new Set<Promise<void>>();

  constructor(private readonly bus: InvalidationBus = new LocalInvalidationBus()) {
    bus.subscribe(() => this.clearHere());
  }

  /** Not `async`: a hit hands back the stored promise itself, with no wrapper promise per read. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached) return cached as Promise<T>;
    let pending: Promise<T>;
    try {
      pending = load();
    } catch (error) {
      return Promise.reject(error);
    }
    this.entries.set(key, pending);
    // Forget a failed load, unless a clear() has already replaced it with a newer one.
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }

  /**
   * As get(), for one of many items (e.g. one post of thousands, with its text): only the `RECENT_ITEMS` most
   * recently read stay, so a crawler going through every post does not keep them all in memory.
   */
  getRecent<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.recent.get(key);
    if (cached) {
      this.recent.delete(key);
      this.recent.set(key, cached);
      return cached as Promise<T>;
    }
    let pending: Promise<T>;
    try {
      pending = load();
    } catch (error) {
      return Promise.reject(error);
    }
    this.recent.set(key, pending);
    if (this.recent.size > RECENT_ITEMS) this.recent.delete(this.recent.keys().next().value!);
    pending.catch(() => {
      if (this.recent.get(key) === pending) this.recent.delete(key);
    });
    return pending;
  }

  /** Clears this process's caches now, and every other process's through the bus. */
  clear(): void {
    this.clearHere();
    const published = this.bus
      .publish()
      .catch(() => undefined)
      .finally(() => this.publishing.delete(published));
    this.publishing.add(published);
  }

  /** Resolves once every clear made here so far has reached every process; null when none is under way. */
  propagation(): Promise<unknown> | null {
    return this.publishing.size === 0 ? null : Promise.all(this.publishing);
  }

  onClear(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private clearHere(): void {
    this.entries.clear();
    this.recent.clear();
    for (const listener of this.listeners) listener();
  }
}

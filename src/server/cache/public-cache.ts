/**
 * Memoises public reads (lists and by-id lookups) in memory. Every successful content
 * write clears it, so readers never see stale content; listeners (e.g. a rendered-page
 * cache) are told when that happens.
 */
export class PublicCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<() => void>();

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

  clear(): void {
    this.entries.clear();
    for (const listener of this.listeners) listener();
  }

  onClear(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

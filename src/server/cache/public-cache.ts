/**
 * Memoises public reads (lists and by-id lookups) in memory. Every successful content
 * write clears it, so readers never see stale content; listeners (e.g. a rendered-page
 * cache) are told when that happens.
 */
export class PublicCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<() => void>();

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached) return cached as Promise<T>;
    const pending = load();
    this.entries.set(key, pending);
    pending.catch(() => this.entries.delete(key));
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

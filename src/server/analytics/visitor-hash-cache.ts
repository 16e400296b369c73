/**
 * A small bounded LRU of visitor hashes by day, address and user agent: a returning visitor's
 * views (the common case under load) cost a Map lookup instead of a SHA-256. Entries live only
 * in memory, like the pending views themselves, and a day's entries stop matching at midnight.
 */
export class VisitorHashCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly capacity = 10_000) {}

  hashOf(day: string, salt: string, address: string, userAgent: string, hash: () => string): string {
    // The salt is part of the key: a salt read again (a late view of a past day) never mixes.
    const key = `${day}\n${salt}\n${address}\n${userAgent}`;
    const known = this.entries.get(key);
    if (known !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const computed = hash();
    this.entries.set(key, computed);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return computed;
  }
}

/**
 * Tells every other instance of the site that public content changed, so each clears its caches.
 * One process on SQLite: LocalInvalidationBus (nobody to tell). Several instances on PostgreSQL:
 * LISTEN/NOTIFY (postgres/cache-invalidation.ts).
 */
export interface InvalidationBus {
  /** Resolves once every other process has cleared (or was given up on); this process clears itself. */
  publish(): Promise<void>;
  /** Calls `listener` when another process published; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** The bus of a process that runs alone: there is nobody to tell. */
export class LocalInvalidationBus implements InvalidationBus {
  publish(): Promise<void> {
    return Promise.resolve();
  }

  subscribe(): () => void {
    return () => undefined;
  }
}

/**
 * Tells every other server process that public content changed, so each clears its caches.
 * One box: LocalInvalidationBus (one process, nothing to tell) or the cluster's message through
 * the primary (cluster/worker-link.ts). Several boxes on PostgreSQL: LISTEN/NOTIFY, beside these.
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

/** Wakes the send queue at once when something urgent is queued (a purchase email), instead of at its next poll. */
export class QueueSignal {
  private readonly listeners = new Set<() => void>();

  on(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}

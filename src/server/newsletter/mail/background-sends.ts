/**
 * Sends that run after the answer has gone: a slow relay never delays a visitor, and closing
 * the app waits for the ones under way.
 */
export class BackgroundSends {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onFailure: (error: unknown) => void) {}

  run(task: () => Promise<void>): void {
    const running = task()
      .catch(this.onFailure)
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once every send started so far has finished (or failed). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

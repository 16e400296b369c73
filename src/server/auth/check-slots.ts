/**
 * Bounds how many slow password checks run at once in the process. Each scrypt check takes
 * ~128 MiB and a thread of libuv's pool, which file reads share: unbounded, a burst of guesses
 * starves file serving and balloons memory. A caller waits briefly for a slot, else is refused.
 */
export class CheckSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly size: number,
    private readonly maxWaitMs: number,
    private readonly maxQueue: number,
  ) {}

  /** Runs `task` in a slot; null when no slot freed up in time (or too many already wait). */
  async run<T>(task: () => Promise<T>): Promise<{ value: T } | null> {
    if (!(await this.acquire())) return null;
    try {
      return { value: await task() };
    } finally {
      this.release();
    }
  }

  /** Runs `task` in a slot if one is free now; null at once otherwise. */
  async runIfFree<T>(task: () => Promise<T>): Promise<{ value: T } | null> {
    if (this.running >= this.size) return null;
    return this.run(task);
  }

  private acquire(): Promise<boolean> {
    if (this.running < this.size) {
      this.running += 1;
      return Promise.resolve(true);
    }
    if (this.waiting.length >= this.maxQueue) return Promise.resolve(false);
    return new Promise((resolve) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(false);
      }, this.maxWaitMs);
      this.waiting.push(grant);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter, so `running` stays the same.
    if (next) next();
    else this.running -= 1;
  }
}

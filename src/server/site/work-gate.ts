import { setImmediate as afterPendingIo, setTimeout as sleep } from 'node:timers/promises';

/** The longest pause after a piece of work before the next one may start. */
const MAX_PAUSE_MS = 100;

export type WorkGateOptions = {
  /** Pieces of work running at once in the process. */
  running: number;
  /** Pieces waiting for their turn in the process; more are refused (null: no such cap, RATE_LIMITS=off). */
  waiting: number | null;
  /** Pieces of one address running or waiting at once; more are refused (null: no such cap, RATE_LIMITS=off). */
  perAddress: number | null;
  /** The database time each search may take where it can be cut (PostgreSQL's statement_timeout, SEARCH_TIMEOUT_MS). */
  timeoutMs?: number;
};

/** Why a piece of work was not run: the process has enough waiting, or this address has. */
export type WorkRefusal = 'busy' | 'address-busy';

/**
 * Lets heavy public reads through a few at a time per process: site searches (app.ts, searchGate) and pages of
 * posts with their text (listGate). A search on SQLite, or the rendering of posts, runs on the request
 * thread (better-sqlite3 is synchronous), so a batch or a burst of them would otherwise hold every
 * other request — pages, /healthz — until the last one ends. Here each piece starts only after
 * the event loop has served the I/O that waited meanwhile (setImmediate) and after a pause as long
 * as the piece before it ran (up to MAX_PAUSE_MS): pieces in a row hold the thread at most
 * half of the time, and a page, which needs several turns of the event loop (accept, read,
 * answer), gets them in the pauses instead of waiting a search per turn. On PostgreSQL the same
 * gate keeps searches from taking every connection of the pool. One address cannot fill the
 * queue alone.
 */
export class WorkGate {
  private running = 0;
  /** Pieces that have ended, for tests of how many a page waited for. */
  completed = 0;
  private readonly queue: Array<() => void> = [];
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly options: WorkGateOptions) {}

  /** The most pieces that ran at once so far (tests: it never passes `running`). */
  peakRunning = 0;
  private searching = 0;

  /** Each search's database time bound (SEARCH_TIMEOUT_MS), or undefined for searchSite's default. */
  get timeoutMs(): number | undefined {
    return this.options.timeoutMs;
  }

  /** How many pieces run at once (1 on SQLite, 2 on PostgreSQL): what another request can wait for, at most. */
  get concurrency(): number {
    return this.options.running;
  }

  /** Runs the work in its turn; a refusal when too many wait already. */
  async run<T>(address: string, work: () => Promise<T>): Promise<{ value: T } | { refused: WorkRefusal }> {
    const ofAddress = this.perAddress.get(address) ?? 0;
    if (this.options.perAddress !== null && ofAddress >= this.options.perAddress) return { refused: 'address-busy' };
    const { waiting } = this.options;
    if (waiting !== null && this.running >= this.options.running && this.queue.length >= waiting)
      return { refused: 'busy' };
    this.perAddress.set(address, ofAddress + 1);
    try {
      await this.turn();
      const startedAt = performance.now();
      try {
        await afterPendingIo();
        this.searching += 1;
        this.peakRunning = Math.max(this.peakRunning, this.searching);
        return { value: await work() };
      } finally {
        this.searching = Math.max(0, this.searching - 1);
        this.completed += 1;
        this.release(performance.now() - startedAt);
      }
    } finally {
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    }
  }

  private turn(): Promise<void> {
    if (this.running < this.options.running) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(ranForMs: number): void {
    if (this.queue.length === 0) {
      this.running -= 1;
      return;
    }
    // The turn passes to the next search after the pause, so `running` stays the same meanwhile.
    void sleep(Math.min(ranForMs, MAX_PAUSE_MS)).then(() => {
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    });
  }
}

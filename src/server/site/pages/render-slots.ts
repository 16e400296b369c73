import type { DatabaseEngine } from '../../db/database-engine.js';

/**
 * How many pages are rendered at once. On SQLite a render's queries are synchronous, so renders share one thread
 * anyway: taken one at a time, each finishes before the next starts, and its objects die young instead of being
 * kept alive through the young generation's collections by twenty others in flight (docs/operations.md, "Memory
 * and start time"). On PostgreSQL a render waits on the network between queries: a few at once keep the
 * connections busy.
 */
export const RENDER_SLOTS: Record<DatabaseEngine, number> = { sqlite: 1, postgres: 4 };

/**
 * How long a render holds its slot before the next waiting one may start beside it: a render that waits on
 * something slow (a cold file, a locked database) delays the others by this much, never more.
 */
const RENDER_SLOT_PATIENCE_MS = 100;

/**
 * Runs work at most `slots` at a time, in the order it arrives. A run that takes longer than `patienceMs` gives up
 * its slot to the next one waiting (and goes on: nothing is cancelled).
 */
export class RenderSlots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(
    slots: number,
    private readonly patienceMs = RENDER_SLOT_PATIENCE_MS,
  ) {
    this.free = slots;
  }

  /** How many runs wait for a slot (for tests and logs). */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.take();
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.hand();
    };
    const overtime = setTimeout(release, this.patienceMs);
    try {
      return await work();
    } finally {
      clearTimeout(overtime);
      release();
    }
  }

  private take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A released slot goes straight to the next waiting run, so a newcomer cannot take it first. */
  private hand(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

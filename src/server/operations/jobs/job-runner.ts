import type { AppDatabase } from '../../db/connection.js';
import { runExclusively } from '../../db/run-exclusively.js';

/** setTimeout's longest delay (~24.8 days); longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type Log = { error: (details: object, message: string) => void };

/** Milliseconds until a job's next run; null: not until it is woken. */
export type NextRun = number | null;

type JobBase = {
  /** Names the job in logs (`<name> failed`) and, with `oneInstance`, its advisory lock. */
  name: string;
  /** The wait before the first run (default: run at once), or a function that works it out at start. */
  firstRunAfterMs?: number | (() => Promise<number>);
  /** After a failed run, the wait before the next try (default: the usual interval, or never). */
  retryAfterMs?: number;
  /**
   * Several instances on one PostgreSQL: one instance at a time runs it (an advisory lock); the
   * others skip that turn. A single SQLite process simply runs it.
   */
  oneInstance?: boolean;
  /** Subscribes `wake` (run now, or right after the run under way) to an event; returns the unsubscribe. */
  wakeOn?: (wake: () => void) => () => void;
};

/**
 * A periodic job: either every `everyMs` (its run returns nothing), or on its own schedule (its run
 * returns when the next one is due).
 */
export type Job = JobBase &
  ({ everyMs: number; run: () => Promise<void> } | { everyMs?: undefined; run: () => Promise<NextRun> });

type JobState = {
  job: Job;
  timer?: NodeJS.Timeout;
  /** The run (or the first-delay computation) under way. */
  running: Promise<void> | null;
  wakeRequested: boolean;
  stopWaking?: () => void;
};

/**
 * The one runner of the site's periodic jobs (scheduled posts, backups, the mail queue, clean-ups,
 * roll-ups). A job never overlaps itself: a wake during a run asks for one more run after it. Long
 * waits are taken in steps (setTimeout's limit), timers never keep the process alive, a failed run
 * is logged and tried again, and stop() waits for the runs under way, so nothing is cut off when the
 * database closes.
 */
export class JobRunner {
  private readonly states: JobState[];
  private started = false;
  private stopping = false;

  private readonly log: Log;
  /** The database whose advisory locks keep `oneInstance` jobs to one instance. */
  private readonly db: AppDatabase | undefined;

  constructor(jobs: readonly Job[], options: { log: Log; db?: AppDatabase }) {
    if (!options.db && jobs.some((job) => job.oneInstance)) throw new Error('oneInstance jobs need the database');
    this.states = jobs.map((job) => ({ job, running: null, wakeRequested: false }));
    this.log = options.log;
    this.db = options.db;
  }

  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    for (const state of this.states) {
      state.stopWaking = state.job.wakeOn?.(() => this.runNow(state));
      const first = state.job.firstRunAfterMs ?? 0;
      if (typeof first === 'number') {
        this.arm(state, first);
        continue;
      }
      state.running = first()
        .catch((error: unknown) => {
          this.log.error({ err: error, job: state.job.name }, `${state.job.name} failed`);
          return state.job.retryAfterMs ?? state.job.everyMs ?? null;
        })
        .then((delay) => {
          state.running = null;
          if (state.wakeRequested) this.runNow(state);
          else this.arm(state, delay);
        });
    }
  }

  /** Stops every job's timers and waits for the runs under way. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const state of this.states) {
      clearTimeout(state.timer);
      state.stopWaking?.();
    }
    await this.idle();
  }

  /** Resolves once no job is running (a run a finished run asked for included). */
  async idle(): Promise<void> {
    for (;;) {
      const running = this.states.flatMap((state) => (state.running ? [state.running] : []));
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  private arm(state: JobState, delay: NextRun): void {
    clearTimeout(state.timer);
    state.timer = undefined;
    if (this.stopping || delay === null) return;
    if (delay <= 0) return this.runNow(state);
    const step = Math.min(delay, MAX_TIMER_MS);
    state.timer = setTimeout(() => (step < delay ? this.arm(state, delay - step) : this.runNow(state)), step);
    state.timer.unref();
  }

  private runNow(state: JobState): void {
    if (this.stopping) return;
    if (state.running) {
      state.wakeRequested = true;
      return;
    }
    clearTimeout(state.timer);
    state.running = this.runUntilWaiting(state);
  }

  /** Runs the job, again at once while it asks to (a wake meanwhile, or no wait), then arms its timer. */
  private async runUntilWaiting(state: JobState): Promise<void> {
    let next: NextRun;
    try {
      do {
        state.wakeRequested = false;
        next = await this.runOnce(state);
      } while (!this.stopping && (state.wakeRequested || (next !== null && next <= 0)));
    } finally {
      // Cleared in the same tick as the loop's last check, so a wake from now on starts a new run.
      state.running = null;
    }
    this.arm(state, next);
  }

  private async runOnce({ job }: JobState): Promise<NextRun> {
    const run = (): Promise<NextRun | void> => job.run();
    try {
      if (!job.oneInstance) return (await run()) ?? job.everyMs ?? null;
      const exclusive = await runExclusively(this.db!, job.name, run);
      return (exclusive.ran ? exclusive.value : undefined) ?? job.everyMs ?? null;
    } catch (error) {
      this.log.error({ err: error, job: job.name }, `${job.name} failed`);
      return job.retryAfterMs ?? job.everyMs ?? null;
    }
  }
}

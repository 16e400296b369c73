import { afterEach, describe, expect, it, vi } from 'vitest';
import { runExclusively } from '../../db/run-exclusively.js';
import { openScratchDatabase, testDatabaseEngine } from '../../test-support/test-database.js';
import { JobRunner, type Job, type NextRun } from './job-runner.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const newLog = () => ({ error: vi.fn() });

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('JobRunner', () => {
  let runner: JobRunner | undefined;
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    vi.useRealTimers();
  });
  const startRunner = (jobs: Job[], log = newLog()) => {
    runner = new JobRunner(jobs, { log });
    runner.start();
    return runner;
  };

  it('runs an interval job after its first delay, then every interval, and a failed run again at its retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const outcomes = ['ok', 'fail', 'ok', 'ok'];
    const run = vi.fn(async () => {
      if (outcomes.shift() === 'fail') throw new Error('disk full');
    });
    const log = newLog();
    startRunner([{ name: 'tidy', firstRunAfterMs: 30_000, everyMs: 60 * MINUTE, retryAfterMs: 5 * MINUTE, run }], log);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error), job: 'tidy' }, 'tidy failed');
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('works out the first delay at start when asked to', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const run = vi.fn(async () => undefined);
    startRunner([{ name: 'backup', firstRunAfterMs: async () => 2 * MINUTE, everyMs: DAY, run }]);
    await vi.advanceTimersByTimeAsync(2 * MINUTE - 1);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits as long as a self-scheduled run asks, in steps past setTimeout’s limit, and not at all for null until woken', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const delays: NextRun[] = [40 * DAY, null, 0, MINUTE];
    const run = vi.fn(async () => delays.shift() ?? null);
    let wake = () => {};
    startRunner([
      {
        name: 'posts',
        wakeOn: (listener) => {
          wake = listener;
          return () => {};
        },
        run,
      },
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30 * DAY);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * DAY);
    expect(run).toHaveBeenCalledTimes(2);
    // null: it waits for a wake, however long.
    await vi.advanceTimersByTimeAsync(365 * DAY);
    expect(run).toHaveBeenCalledTimes(2);
    wake();
    // The woken run asks for no wait (0): it runs again at once, then after a minute.
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(run).toHaveBeenCalledTimes(5);
  });

  it('never overlaps a run: wakes during a run ask for one more run after it', async () => {
    let running = 0;
    let most = 0;
    const release = gate();
    const run = vi.fn(async () => {
      running += 1;
      most = Math.max(most, running);
      if (run.mock.calls.length === 1) await release.opened;
      running -= 1;
      return null;
    });
    let wake = () => {};
    const jobs = startRunner([
      {
        name: 'posts',
        wakeOn: (listener) => {
          wake = listener;
          return () => {};
        },
        run,
      },
    ]);
    wake();
    wake();
    wake();
    release.open();
    await jobs.idle();
    expect(run).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
  });

  it('stop() waits for the run under way and nothing runs afterwards, woken or not', async () => {
    const release = gate();
    const finished = vi.fn();
    let wake = () => {};
    const unsubscribed = vi.fn();
    const run = vi.fn(async () => {
      await release.opened;
      finished();
      return 10;
    });
    const jobs = startRunner([
      {
        name: 'queue',
        wakeOn: (listener) => {
          wake = listener;
          return unsubscribed;
        },
        run,
      },
    ]);
    const stopped = jobs.stop().then(() => 'stopped');
    expect(await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 50, 'waiting'))])).toBe('waiting');
    release.open();
    expect(await stopped).toBe('stopped');
    expect(finished).toHaveBeenCalledTimes(1);
    expect(unsubscribed).toHaveBeenCalledTimes(1);
    wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('refuses a oneInstance job without the database that keeps it to one instance', () => {
    expect(
      () =>
        new JobRunner([{ name: 'roll-up', oneInstance: true, everyMs: DAY, run: async () => {} }], { log: newLog() }),
    ).toThrow('oneInstance jobs need the database');
  });

  it(`runs a oneInstance job on one instance at a time (${testDatabaseEngine()})`, async () => {
    const scratch = await openScratchDatabase();
    try {
      const run = vi.fn(async () => {});
      const [holding, release] = [gate(), gate()];
      // Another instance holds the job's lock (on SQLite there is no other instance: it just runs).
      const elsewhere = runExclusively(scratch.db, 'roll-up', () => {
        holding.open();
        return release.opened;
      });
      await holding.opened;
      runner = new JobRunner([{ name: 'roll-up', oneInstance: true, everyMs: DAY, run }], {
        log: newLog(),
        db: scratch.db,
      });
      runner.start();
      await runner.idle();
      expect(run).toHaveBeenCalledTimes(scratch.engine === 'postgres' ? 0 : 1);
      release.open();
      expect(await elsewhere).toEqual({ ran: true, value: undefined });
      await runner.stop();
    } finally {
      await scratch.close();
    }
  });
});

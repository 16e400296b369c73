import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { AppDatabase } from '../db/connection.js';
import { newId, timestampNow } from '../db/row-conversion.js';
import type { Job, NextRun } from '../operations/jobs/job-runner.js';

type Handler = (message: unknown) => Promise<void> | void;
type Log = { error: (details: object, message: string) => void };

/** Rows inserted per statement (within SQLite's and PostgreSQL's bound-parameter limits: 4 columns each). */
const INSERT_CHUNK = 100;
/** Messages read per round and handled at once (deliveries wait on other servers, not on this process). */
const BATCH = 200;
const CONCURRENCY = 8;
/** A message whose handler threw (Fedify's own retries failed to enqueue, say) comes back after this. */
const FAILED_RETRY_MS = 5 * 60_000;

/**
 * Fedify's message queue in the site's database (the `fediverse_queue` table), run by the site's job runner:
 * a delivery to each inbox, the fan-out of an activity to the followers, and Fedify's retries (enqueued again with
 * their delay) survive a restart. `listen` only registers Fedify's handler; `fediverseQueueJob` takes the due
 * messages a batch at a time, one instance at a time on a shared PostgreSQL (and has Fedify loaded when one is due
 * and nobody listens yet). Fedify's ordering keys are not kept: messages run in the order they became due.
 */
export class DatabaseMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  private handler: Handler | null = null;
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly db: AppDatabase,
    private readonly log: Log,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    const delayMs = options?.delay ? Math.max(0, options.delay.total('millisecond')) : 0;
    const runAt = new Date(this.now().getTime() + delayMs).toISOString();
    const createdAt = timestampNow();
    const rows = messages.map((message) => ({ id: newId(), message: JSON.stringify(message), runAt, createdAt }));
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      // A fan-out's deliveries each carry the activity: the site's requests get their turn between the chunks.
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      await this.db
        .insertInto('fediverseQueue')
        .values(rows.slice(start, start + INSERT_CHUNK))
        .execute();
    }
    if (delayMs === 0) this.wake();
  }

  /** Registers Fedify's handler until `signal` aborts (Federation.startQueue calls it once). */
  async listen(handler: Handler, options: MessageQueueListenOptions = {}): Promise<void> {
    this.handler = handler;
    this.wake();
    const { signal } = options;
    if (!signal) return new Promise<void>(() => {});
    await new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
    this.handler = null;
  }

  async getDepth(): Promise<{ queued: number; ready: number; delayed: number }> {
    const now = this.now().toISOString();
    const rows = await this.db
      .selectFrom('fediverseQueue')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('queued'),
        eb.fn.count<number | string>(eb.case().when('runAt', '<=', now).then(1).end()).as('ready'),
      ])
      .executeTakeFirstOrThrow();
    const queued = Number(rows.queued);
    const ready = Number(rows.ready);
    return { queued, ready, delayed: queued - ready };
  }

  /** Whether Fedify's handler is registered (Fedify is loaded and started its queue). */
  get listening(): boolean {
    return this.handler !== null;
  }

  /** Milliseconds until the first message is due (0: one is due now), or null when the queue is empty. */
  async untilNextDue(): Promise<NextRun> {
    const next = await this.db
      .selectFrom('fediverseQueue')
      .select('runAt')
      .orderBy('runAt')
      .limit(1)
      .executeTakeFirst();
    return next ? Math.max(0, new Date(next.runAt).getTime() - this.now().getTime()) : null;
  }

  /** Calls `wake` whenever a message is due at once; returns the unsubscribe. */
  onDue(wake: () => void): () => void {
    this.wakers.add(wake);
    return () => this.wakers.delete(wake);
  }

  /**
   * Hands the due messages (a batch) to Fedify's handler, a few at once, and deletes each once handled. Returns
   * 0 while more are due, else the milliseconds until the next one, or null when the queue is empty or nobody
   * listens.
   */
  async runDue(): Promise<NextRun> {
    const handler = this.handler;
    if (!handler) return null;
    const now = this.now();
    const due = await this.db
      .selectFrom('fediverseQueue')
      .select(['id', 'message'])
      .where('runAt', '<=', now.toISOString())
      .orderBy('runAt')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (let start = 0; start < due.length; start += CONCURRENCY) {
      // Between groups the site's requests get their turn (signing and parsing each delivery runs on this thread).
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      await Promise.all(due.slice(start, start + CONCURRENCY).map((row) => this.handle(handler, row)));
    }
    if (due.length === BATCH) return 0;
    return this.untilNextDue();
  }

  private async handle(handler: Handler, row: { id: string; message: string }): Promise<void> {
    try {
      await handler(JSON.parse(row.message));
      await this.db.deleteFrom('fediverseQueue').where('id', '=', row.id).execute();
    } catch (error) {
      this.log.error({ err: error }, 'fediverse queue: a message failed; tried again later');
      const runAt = new Date(this.now().getTime() + FAILED_RETRY_MS).toISOString();
      await this.db.updateTable('fediverseQueue').set({ runAt }).where('id', '=', row.id).execute();
    }
  }

  private wake(): void {
    for (const wake of this.wakers) wake();
  }
}

/**
 * The queue on the site's job runner: woken by an enqueue, otherwise at the next message's time. A message left due
 * by an earlier run of the server (a retry, say) has Fedify loaded (`federation`: its first call starts the queue's
 * listener); until then the job only reads when the next one is due.
 */
export function fediverseQueueJob(queue: DatabaseMessageQueue, federation: () => Promise<unknown>): Job {
  return {
    name: 'fediverse-queue',
    oneInstance: true,
    retryAfterMs: 60_000,
    wakeOn: (wake) => queue.onDue(wake),
    run: async () => {
      if (!queue.listening) {
        const next = await queue.untilNextDue();
        if (next !== 0) return next;
        await federation();
      }
      return queue.runDue();
    },
  };
}

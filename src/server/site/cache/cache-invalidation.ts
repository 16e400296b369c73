import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { lazyModule } from '../../lazy-module.js';
import type { CacheInvalidationBus } from './public-cache.js';

const loadPg = lazyModule<typeof pg>('pg');

/** The channel every process on one PostgreSQL database listens on. */
const CHANNEL = 'site_cache_cleared';
const RECONNECT_DELAY_MS = 1_000;

type Log = { warn: (message: string) => void };

/**
 * The invalidation bus between instances (boxes) on one PostgreSQL database: publish() sends
 * NOTIFY (after the write committed, so the others re-read what it wrote); every process LISTENs
 * on its own connection and tells its subscribers when another process published. After losing
 * that connection it reconnects every second and then tells its subscribers too, since it may
 * have missed a message.
 */
export class PostgresInvalidationBus implements CacheInvalidationBus {
  private readonly processId = randomUUID();
  private readonly listeners = new Set<() => void>();
  private listener: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly databaseUrl: string,
    private readonly notifier: pg.Pool,
    private readonly log: () => Log,
  ) {}

  static async start(databaseUrl: string, log: () => Log): Promise<PostgresInvalidationBus> {
    const notifier = new (loadPg().Pool)({ connectionString: databaseUrl, max: 1 });
    notifier.on('error', () => undefined);
    const bus = new PostgresInvalidationBus(databaseUrl, notifier, log);
    await bus.listen();
    return bus;
  }

  async publish(): Promise<void> {
    try {
      await this.notifier.query('SELECT pg_notify($1, $2)', [CHANNEL, this.processId]);
    } catch (error) {
      this.log().warn(`cache invalidation: NOTIFY failed, other instances may serve stale pages: ${String(error)}`);
    }
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tellSubscribers(): void {
    for (const listener of this.listeners) listener();
  }

  private async listen(): Promise<void> {
    const client = new (loadPg().Client)({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== this.processId) this.tellSubscribers();
    });
    client.on('error', () => this.reconnectLater(client));
    client.on('end', () => this.reconnectLater(client));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  private reconnectLater(lost: pg.Client): void {
    if (this.closed || this.listener !== lost || this.reconnectTimer) return;
    this.listener = null;
    lost.end().catch(() => undefined);
    this.log().warn('cache invalidation: lost the LISTEN connection to PostgreSQL, reconnecting');
    const retry = () => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.listen().then(
        () => this.tellSubscribers(),
        () => {
          this.reconnectTimer = setTimeout(retry, RECONNECT_DELAY_MS);
        },
      );
    };
    this.reconnectTimer = setTimeout(retry, RECONNECT_DELAY_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.listener?.end().catch(() => undefined);
    await this.notifier.end().catch(() => undefined);
  }
}

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PublicCache } from '../cache/public-cache.js';

/** The channel every instance on one PostgreSQL database listens on. */
const CHANNEL = 'site_cache_cleared';
const RECONNECT_DELAY_MS = 1_000;

type Log = { warn: (message: string) => void };

/**
 * Keeps the public caches of several instances on one PostgreSQL database coherent: a clear
 * after a write here is announced with NOTIFY (sent after the write committed, so the others
 * re-read what it wrote); a NOTIFY from another instance clears this one's caches without
 * announcing it again. One LISTEN connection per instance; after losing it, the instance
 * reconnects and clears its caches, since it may have missed an announcement meanwhile.
 */
export class PostgresCacheInvalidation {
  private readonly instanceId = randomUUID();
  private listener: pg.Client | null = null;
  private applyingRemoteClear = false;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;

  private constructor(
    private readonly databaseUrl: string,
    private readonly notifier: pg.Pool,
    private readonly cache: PublicCache,
    private readonly log: () => Log,
  ) {
    this.unsubscribe = cache.onClear(() => {
      if (!this.applyingRemoteClear) this.announce();
    });
  }

  static async start(databaseUrl: string, cache: PublicCache, log: () => Log): Promise<PostgresCacheInvalidation> {
    const notifier = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    notifier.on('error', () => undefined);
    const invalidation = new PostgresCacheInvalidation(databaseUrl, notifier, cache, log);
    await invalidation.listen();
    return invalidation;
  }

  private announce(): void {
    this.notifier.query('SELECT pg_notify($1, $2)', [CHANNEL, this.instanceId]).catch((error: unknown) => {
      this.log().warn(`cache invalidation: NOTIFY failed, other instances may serve stale pages: ${String(error)}`);
    });
  }

  private clearFromElsewhere(): void {
    this.applyingRemoteClear = true;
    try {
      this.cache.clear();
    } finally {
      this.applyingRemoteClear = false;
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== this.instanceId) this.clearFromElsewhere();
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
        () => this.clearFromElsewhere(),
        () => {
          this.reconnectTimer = setTimeout(retry, RECONNECT_DELAY_MS);
        },
      );
    };
    this.reconnectTimer = setTimeout(retry, RECONNECT_DELAY_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.listener?.end().catch(() => undefined);
    await this.notifier.end().catch(() => undefined);
  }
}

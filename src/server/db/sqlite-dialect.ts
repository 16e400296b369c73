import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';

/** How long SQLite itself waits for another process's write lock, blocking this process's thread. */
export const BUSY_TIMEOUT_MS = 250;
/** After that, the statement is tried again (the event loop free in between) for up to this long. */
const RETRY_FOR_MS = 10_000;
const MAX_BACKOFF_MS = 100;

const isBusy = (error: unknown) => /^SQLITE_BUSY/.test((error as { code?: unknown } | null)?.code?.toString() ?? '');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Kysely's SQLite dialect made safe for several server processes on one database file (WAL):
 * - transactions start with BEGIN IMMEDIATE, taking the write lock first. A deferred BEGIN that
 *   reads and then writes fails with SQLITE_BUSY (snapshot) when another process wrote in
 *   between, and SQLite cannot wait that out; an immediate one waits its turn instead.
 * - a statement refused with SQLITE_BUSY after the busy timeout (another process holds the
 *   write lock longer, e.g. a migration) is tried again with backoff. A refused statement
 *   changed nothing, so trying it again cannot write twice.
 * - compiled statements are kept and reused (withStatementCache).
 */
export class MultiProcessSqliteDialect extends SqliteDialect {
  private readonly database: KyselySqliteDatabase;

  constructor(database: SqliteDatabase) {
    const cached = withStatementCache(database);
    super({ database: cached });
    this.database = cached;
  }

  override createDriver(): Driver {
    return new WaitingSqliteDriver({ database: this.database });
  }
}

/** How many compiled statements are kept; past it, the least recently used one goes. */
const STATEMENT_CACHE_SIZE = 200;

/**
 * The database as Kysely's driver sees it, with prepare() answering from a cache of compiled
 * statements by SQL text: Kysely prepares every query it runs, and compiling one (a search's
 * ranked query especially) cost as much CPU as running it. A statement still being read (a
 * stream not finished) is not handed out twice: another is compiled for that call. SQLite
 * recompiles a kept statement by itself when the schema changes (a migration).
 */
export function withStatementCache(database: SqliteDatabase, size = STATEMENT_CACHE_SIZE): KyselySqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      return database.close();
    },
    prepare: (sql: string) => {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Map keeps insertion order: moving it to the end makes the first entry the least recently used.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = database.prepare(sql);
      if (kept) return statement;
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

class WaitingSqliteDriver extends SqliteDriver {
  private readonly wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    let waiting = this.wrapped.get(connection);
    if (!waiting) {
      waiting = {
        executeQuery: <R>(query: CompiledQuery) => retryWhileBusy(() => connection.executeQuery<R>(query)),
        streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
      };
      this.wrapped.set(connection, waiting);
    }
    return waiting;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

async function retryWhileBusy<R>(run: () => Promise<QueryResult<R>>): Promise<QueryResult<R>> {
  const giveUpAt = Date.now() + RETRY_FOR_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= giveUpAt) throw error;
      const backoff = Math.min(MAX_BACKOFF_MS, 2 ** attempt);
      await sleep(backoff / 2 + Math.random() * backoff);
    }
  }
}

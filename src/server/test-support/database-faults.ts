import { sql } from 'kysely';
import pg from 'pg';
import { databaseEngine } from '../db/database-engine.js';
import type { TestApp } from './test-app.js';

/** Runs one statement as the cluster's superuser (on its own connection, outside the app's pool). */
async function asSuperuser(appDatabaseUrl: string, statement: string): Promise<void> {
  const url = new URL(appDatabaseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const databaseNameOf = (databaseUrl: string) => decodeURIComponent(new URL(databaseUrl).pathname.slice(1));

/** Ends the app's connections to its PostgreSQL database; its pool opens new ones on the next query. */
async function dropConnections(databaseUrl: string): Promise<void> {
  const name = databaseNameOf(databaseUrl).replaceAll("'", "''");
  await asSuperuser(
    databaseUrl,
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
  );
  // The pool learns of each ended connection from its socket, a moment later.
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Makes the app's database refuse (or accept again) every write, whatever its engine. */
export async function setDatabaseReadOnly(t: TestApp, readOnly: boolean): Promise<void> {
  const { db } = t.services;
  if (databaseEngine(db) === 'sqlite') {
    await sql`PRAGMA query_only = ${sql.raw(readOnly ? 'ON' : 'OFF')}`.execute(db);
    return;
  }
  const url = t.config.databaseUrl!;
  await asSuperuser(
    url,
    `ALTER DATABASE ${databaseNameOf(url)} SET default_transaction_read_only = ${readOnly ? 'on' : 'off'}`,
  );
  await dropConnections(url);
}

/** Makes the app's PostgreSQL database refuse (or accept again) every connection. */
export async function setPostgresUnreachable(t: TestApp, unreachable: boolean): Promise<void> {
  const url = t.config.databaseUrl!;
  await asSuperuser(url, `ALTER DATABASE ${databaseNameOf(url)} ALLOW_CONNECTIONS ${unreachable ? 'false' : 'true'}`);
  if (unreachable) await dropConnections(url);
}

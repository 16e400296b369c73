import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MultiProcessSqliteDialect, withStatementCache } from './sqlite-dialect.js';

const connectionModule = fileURLToPath(new URL('./connection.ts', import.meta.url));

/**
 * One writer process: opens the database as the server does, waits for "go" on stdin, then makes
 * `rounds` read-then-write transactions on one shared counter (each waits between its read and
 * its write, so the processes' transactions overlap) and `rounds` single inserts.
 */
const WRITER = `
const { openDatabase } = await import(process.env.CONNECTION_MODULE);
const { sql } = await import('kysely');
const db = openDatabase(process.env.DB_FILE);
const rounds = Number(process.env.ROUNDS);
process.stdout.write('ready\\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
for (let n = 0; n < rounds; n++) {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql\`select value from counter where id = 1\`.execute(trx);
    await new Promise((resolve) => setImmediate(resolve));
    await sql\`update counter set value = \${rows[0].value + 1} where id = 1\`.execute(trx);
  });
  await sql\`insert into writes (writer, n) values (\${process.env.WRITER}, \${n})\`.execute(db);
}
await db.destroy();
`;

function startWriter(
  dbFile: string,
  writer: number,
  rounds: number,
): { child: ChildProcess; ready: Promise<void>; done: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WRITER], {
    env: {
      ...process.env,
      CONNECTION_MODULE: connectionModule,
      DB_FILE: dbFile,
      ROUNDS: String(rounds),
      WRITER: String(writer),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  const done = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, done };
}

describe('the database shared by several processes (the server and the backup and restore commands)', () => {
  let dir: string;
  let dbFile: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sqlite-processes-'));
    dbFile = path.join(dir, 'site.sqlite');
    const setup = new SQLite(dbFile);
    setup.pragma('journal_mode = WAL');
    setup.exec(
      'create table counter (id integer primary key, value integer not null); insert into counter values (1, 0);' +
        'create table writes (writer integer not null, n integer not null, primary key (writer, n));',
    );
    setup.close();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stores every write of 4 processes writing at once: no lost update, no SQLITE_BUSY', async () => {
    const processes = 4;
    const rounds = 150;
    const writers = Array.from({ length: processes }, (_, n) => startWriter(dbFile, n, rounds));
    await Promise.all(writers.map((writer) => writer.ready));
    for (const writer of writers) writer.child.stdin!.end('go\n');
    const codes = await Promise.all(writers.map((writer) => writer.done));
    expect(codes).toEqual(Array(processes).fill(0));

    const check = new SQLite(dbFile, { readonly: true });
    const counter = check.prepare('select value from counter where id = 1').pluck().get();
    const writes = check.prepare('select count(*) from writes').pluck().get();
    check.close();
    expect(counter).toBe(processes * rounds);
    expect(writes).toBe(processes * rounds);
  });
});

describe('compiled statements kept for reuse', () => {
  type Rows = { n: number };
  function openCounted() {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('CREATE TABLE t (n INTEGER); INSERT INTO t (n) VALUES (1), (2), (3)');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = new Kysely<{ t: Rows }>({ dialect: new MultiProcessSqliteDialect(sqlite) });
    const compiledTimes = (text: string) => prepare.mock.calls.filter(([source]) => source === text).length;
    return { db, compiledTimes };
  }

  it('compiles a query run 500 times, 50 at once, only once, and every run answers', async () => {
    const { db, compiledTimes } = openCounted();
    const query = db.selectFrom('t').select('n').where('n', '>', 1);
    const answers = await Promise.all(Array.from({ length: 500 }, () => query.execute()));
    expect(answers.every((rows) => rows.map((row) => row.n).join() === '2,3')).toBe(true);
    expect(compiledTimes(query.compile().sql)).toBe(1);
    await db.destroy();
  });

  it('never hands out a statement still being read: a nested run of the same SQL gets its own', () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('CREATE TABLE t (n INTEGER); INSERT INTO t (n) VALUES (1), (2), (3)');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const cached = withStatementCache(sqlite);
    const text = 'SELECT n FROM t ORDER BY n';
    const seen: string[] = [];
    for (const row of cached.prepare(text).iterate([]) as Iterable<Rows>) {
      seen.push(`${row.n}:${(cached.prepare(text).all([]) as Rows[]).map((inner) => inner.n).join()}`);
    }
    expect(seen).toEqual(['1:1,2,3', '2:1,2,3', '3:1,2,3']);
    // Once the read is over the kept statement serves again: compiled once, plus once per nested run.
    expect((cached.prepare(text).all([]) as Rows[]).length).toBe(3);
    expect(prepare).toHaveBeenCalledTimes(4);
    sqlite.close();
  });

  it('streams with a kept statement and runs it again afterwards', async () => {
    const { db, compiledTimes } = openCounted();
    const query = db.selectFrom('t').select('n').orderBy('n');
    const streamed: number[] = [];
    for await (const row of query.stream()) streamed.push(row.n);
    expect(streamed).toEqual([1, 2, 3]);
    expect((await query.execute()).map((row) => row.n)).toEqual([1, 2, 3]);
    expect(compiledTimes(query.compile().sql)).toBe(1);
    await db.destroy();
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const cached = withStatementCache(sqlite, 2);
    for (const text of ['SELECT 1', 'SELECT 2', 'SELECT 1', 'SELECT 3', 'SELECT 1', 'SELECT 2']) cached.prepare(text);
    // SELECT 2 was the least recently used when SELECT 3 came in, so it was compiled again; SELECT 1 was not.
    expect(prepare.mock.calls.map(([text]) => text)).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 3', 'SELECT 2']);
    sqlite.close();
  });

  it('sees a change of the schema (a migration) in a kept statement', async () => {
    const { db } = openCounted();
    const everything = sql<Record<string, unknown>>`SELECT * FROM t ORDER BY n LIMIT 1`;
    expect((await everything.execute(db)).rows).toEqual([{ n: 1 }]);
    await sql`ALTER TABLE t ADD COLUMN label TEXT DEFAULT 'ash'`.execute(db);
    expect((await everything.execute(db)).rows).toEqual([{ n: 1, label: 'ash' }]);
    await db.destroy();
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from './database-snapshot.js';
import { summariseTables } from './table-summaries.js';

const dir = await mkdtemp(path.join(tmpdir(), 'database-snapshot-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A database of a few pages: a rowid table, a WITHOUT ROWID table and an index. */
function sampleDatabase(name: string): string {
  const file = path.join(dir, name);
  const sqlite = new SQLite(file);
  try {
    sqlite.exec(`
      CREATE TABLE posts (id TEXT PRIMARY KEY, title TEXT NOT NULL, body TEXT, views INTEGER);
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
      CREATE INDEX posts_title ON posts (title);`);
    const insert = sqlite.prepare('INSERT INTO posts VALUES (?, ?, ?, ?)');
    sqlite.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run(`post-${i}`, `Title ${i}`, 'ash and ember '.repeat(40), i);
    })();
    sqlite.prepare("INSERT INTO settings VALUES ('site', 'Throne of Ash'), ('theme', 'dark')").run();
  } finally {
    sqlite.close();
  }
  return file;
}

describe('snapshotDatabase', () => {
  it('copies the database and gives the row counts and digests of the copy, from a worker thread', async () => {
    const file = sampleDatabase('same.sqlite');
    const sqlite = new SQLite(file, { readonly: true });
    const expected = summariseTables(sqlite);
    sqlite.close();
    const copy = path.join(dir, 'same-copy.sqlite');

    // The server's thread is free meanwhile: it goes round its event loop while the worker copies and reads.
    let turns = 0;
    let summarised = false;
    const spin = () => {
      if (summarised) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    const tables = await snapshotDatabase(file, copy);
    summarised = true;

    expect(tables).toEqual(expected);
    const copied = new SQLite(copy, { readonly: true });
    expect(summariseTables(copied)).toEqual(expected);
    copied.close();
    expect(tables.posts!.rows).toBe(500);
    expect(tables.settings!.rows).toBe(2);
    expect(turns).toBeGreaterThan(0);
  });

  it('refuses a database that fails its integrity check or cannot be read', async () => {
    const file = sampleDatabase('damaged.sqlite');
    const bytes = await readFile(file);
    bytes.fill(0x5a, 4096 * 2, 4096 * 2 + 200);
    await writeFile(file, bytes);
    await expect(snapshotDatabase(file, path.join(dir, 'damaged-copy.sqlite'))).rejects.toThrow(
      /integrity check|malformed/,
    );
  });

  it('refuses a file that is not there', async () => {
    await expect(
      snapshotDatabase(path.join(dir, 'missing.sqlite'), path.join(dir, 'missing-copy.sqlite')),
    ).rejects.toThrow(/could not be copied for the backup/);
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import type { AppDatabase } from '../db/connection.js';
import { inTransaction } from '../db/in-transaction.js';

/** Rows written per transaction: a few milliseconds of writing, after which other requests get their turn. */
const WRITE_CHUNK = 250;
/** The longest pause between two chunks, however long the last one took. */
const MAX_PAUSE_MS = 50;

/**
 * Writes `items` a chunk at a time, each chunk in a transaction of its own, and gives the event loop a turn
 * between two chunks: the site's other requests (and, on SQLite, their queries on the one connection, which wait
 * in line behind a transaction) are served while a big import is written, instead of after it. A chunk is
 * written whole or not at all; what earlier chunks wrote stays, so an import that stops midway is completed by
 * importing the same file again (what is there already is skipped). After each chunk the writer pauses as long as
 * the chunk took (up to MAX_PAUSE_MS): it takes at most about half of the database's time, and a request whose
 * queries come one after another (a page's several reads) is not made to wait behind a chunk at each of them.
 */
export async function writeInChunks<T>(
  db: AppDatabase,
  items: AsyncIterable<T> | Iterable<T>,
  write: (trx: AppDatabase, chunk: T[]) => Promise<void>,
  size = WRITE_CHUNK,
): Promise<void> {
  let chunk: T[] = [];
  const flush = async () => {
    const written = chunk;
    chunk = [];
    const started = performance.now();
    await inTransaction(db, (trx) => write(trx, written));
    await sleep(Math.min(MAX_PAUSE_MS, performance.now() - started));
  };
  for await (const item of items) {
    chunk.push(item);
    if (chunk.length >= size) await flush();
  }
  if (chunk.length > 0) await flush();
}

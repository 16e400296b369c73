import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/app-context.js';
import { importOk } from '../test-support/import-requests.js';
import { SUBSCRIBER_WRITE_CHUNK } from './subscriber-importer.js';

const context = useTestApp();

/** Rows of the file: a few chunks and more. */
const ROWS = 3 * SUBSCRIBER_WRITE_CHUNK + 123;
/** Already on the list before the import: every tenth row's address (the file unsubscribes half of those). */
const EXISTING = Math.floor(ROWS / 10);

const emailOf = (i: number) => `bulk${i}@example.com`;
/** Every seventh row unsubscribed in the file; the rest subscribed. */
const unsubscribedInFile = (i: number) => i % 7 === 0;

function subscribersCsv(): string {
  const lines = ['email,name,status,subscribed at'];
  for (let i = 1; i <= ROWS; i++)
    lines.push(
      `${i % 2 ? emailOf(i) : emailOf(i).toUpperCase()},Reader ${i},${unsubscribedInFile(i) ? 'unsubscribed' : 'subscribed'},2021-03-04 10:00:00`,
    );
  return `${lines.join('\r\n')}\r\n`;
}

const countAll = async () =>
  Number(
    (
      await context.t.services.db
        .selectFrom('newsletterSubscriptions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('a big subscribers CSV, written in chunks', () => {
  it('imports every row once, with its state, and answers other requests while it is written', async () => {
    const db = context.t.services.db;
    // Every tenth address is on the list already, active, in another case than the file's.
    await sql`INSERT INTO newsletter_subscriptions (id, email, is_active, created_at, confirmed_at)
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${EXISTING})
      SELECT 'old-' || (i * 10), 'Bulk' || (i * 10) || '@Example.com', 1, '2020-01-01T00:00:00.000Z',
        '2020-01-01T00:00:00.000Z'
      FROM n`.execute(db);
    const before = await countAll();
    expect(before).toBe(EXISTING);

    const admin = context.t.callerWithKey(context.token);
    let importing = true;
    const imported = importOk(context, 'source=subscribers', subscribersCsv()).finally(() => {
      importing = false;
    });
    // Another request after another while the import runs: the list's size each one was answered with.
    const answeredWith: number[] = [];
    while (importing) {
      answeredWith.push((await admin.admin.newsletterSummary({ search: '' })).counts.all);
      // A client on a socket waits for the network in between; in process, give the loop that turn.
      await nextTurn();
    }
    const summary = await imported;

    const newRows = ROWS - EXISTING;
    expect(summary.created.subscribers).toBe(newRows);
    expect(summary.updated).toBe(countOldUnsubscribed());
    expect(await countAll()).toBe(ROWS);
    // Interleaving: requests were answered between two chunks, with part of the file written (one transaction
    // for the whole file would show them only the list before or after).
    const partway = answeredWith.filter((count) => count > before && count < ROWS);
    expect(partway.length, `sizes answered: ${[...new Set(answeredWith)].join(', ')}`).toBeGreaterThan(0);

    // Each row as the file says: subscribed ones active and confirmed, unsubscribed ones never mailed.
    const rows = await db
      .selectFrom('newsletterSubscriptions')
      .select(['id', 'email', 'isActive', 'confirmedAt', 'unsubscribedAt', 'source'])
      .execute();
    const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row]));
    expect(byEmail.size).toBe(ROWS);
    for (let i = 1; i <= ROWS; i++) {
      const row = byEmail.get(emailOf(i))!;
      if (i % 10 === 0) {
        // Already on the list: kept, and unsubscribed when the file says so.
        expect(row.id).toBe(`old-${i}`);
        expect(row.isActive).toBe(unsubscribedInFile(i) ? 0 : 1);
        continue;
      }
      expect(row.source).toMatch(/^import:/);
      expect(row.isActive).toBe(unsubscribedInFile(i) ? 0 : 1);
      if (!unsubscribedInFile(i)) expect(row.confirmedAt).toBe('2021-03-04T10:00:00.000Z');
      else expect(row.unsubscribedAt).not.toBeNull();
    }

    // Importing the same file again changes nothing: every address is on the list.
    const again = await importOk(context, 'source=subscribers', subscribersCsv());
    expect(again.created.subscribers).toBe(0);
    expect(await countAll()).toBe(ROWS);
  });
});

/** Rows already on the list (every tenth) that the file unsubscribes (every seventh): multiples of 70. */
function countOldUnsubscribed(): number {
  return Math.floor(ROWS / 70);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.js';
import { openScratchDatabase, type ScratchDatabase } from '../test-support/test-database.js';
import { claimEventIds, eventIdOf } from './seen-mail-events.js';

let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await openScratchDatabase();
  await migrateToLatest(scratch.db);
});
afterAll(async () => {
  await scratch.close();
});

const claim = (ids: string[], at: string) =>
  scratch.db.transaction().execute((trx) => claimEventIds(trx, ids, new Date(at)));

describe('seen provider events', () => {
  it("keys an event by the provider's id, else by its content", () => {
    expect(eventIdOf('sendgrid', 'abc', { a: 1 })).toBe('sendgrid:abc');
    expect(eventIdOf('postmark', 42, {})).toBe('postmark:42');
    expect(eventIdOf('brevo', undefined, { a: 1 })).toBe(eventIdOf('brevo', undefined, { a: 1 }));
    expect(eventIdOf('brevo', undefined, { a: 1 })).not.toBe(eventIdOf('brevo', undefined, { a: 2 }));
    expect(eventIdOf('ses', 'x'.repeat(400), 1)).toMatch(/^ses:#/);
  });

  it('claims an id once, in parallel too, and forgets it after 3 days', async () => {
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => claim(['p:1', 'p:2'], '2026-11-01T00:00:00.000Z')),
    );
    expect(claims.map((fresh) => [...fresh].sort().join(',')).filter(Boolean)).toEqual(['p:1,p:2']);
    expect([...(await claim(['p:1', 'p:3'], '2026-11-03T23:00:00.000Z'))]).toEqual(['p:3']);
    // Past the keep period the old rows are pruned, so the id is new again.
    expect([...(await claim(['p:1'], '2026-11-04T01:00:00.000Z'))]).toEqual(['p:1']);
    const left = await scratch.db.selectFrom('mailEventIds').select('eventId').orderBy('eventId').execute();
    expect(left.map((row) => row.eventId)).toEqual(['p:1', 'p:3']);
  });
});

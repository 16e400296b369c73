import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { suppressAddress } from '../deliverability/suppression-list.js';
import type { AppContext } from '../test-support/app-context.js';
import { useTestApp } from '../test-support/app-context.js';
import { bearer } from '../test-support/http.js';
import { fixture, fixturesDir, importOk, zipOf } from '../test-support/import-requests.js';

const SUPPRESSED = 'suppressed: on the suppression list (Admin → Mail), so it is never mailed';

const subscribersOf = (context: AppContext) =>
  context.t.services.db
    .selectFrom('newsletterSubscriptions')
    .select(['email', 'isActive'])
    .orderBy('email')
    .execute()
    .then((rows) => rows.map((row) => [row.email, row.isActive]));

/** Through the admin's own endpoint, as the author would add them. */
async function suppressByRest(context: AppContext, email: string, reason: string) {
  const res = await context.t.app.inject({
    method: 'POST',
    url: '/api/admin/suppressions',
    headers: bearer(context.token),
    payload: { email, reason },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('a subscribers CSV against the suppression list', () => {
  const context = useTestApp();

  it('dry run and import leave suppressed addresses out (any case), with the reason; the others come in', async () => {
    await suppressByRest(context, 'RAVEN@example.com', 'complaint');
    await suppressByRest(context, 'lark@example.com', 'bounce');
    const dry = await importOk(context, 'source=subscribers&dryRun=1', await fixture('mailchimp-audience.csv'));
    expect(dry.created.subscribers).toBe(1);
    expect(dry.skipped).toContainEqual({ item: 'raven@example.com (line 2)', reason: SUPPRESSED });
    expect(dry.skipped).toContainEqual({ item: 'lark@example.com (line 7)', reason: SUPPRESSED });
    // A skipped row is not also warned about.
    expect(dry.warnings).toEqual([]);
    expect(await subscribersOf(context)).toEqual([]);

    const summary = await importOk(context, 'source=subscribers', await fixture('mailchimp-audience.csv'));
    expect(summary.created.subscribers).toBe(1);
    expect(summary.skipped.filter((skip) => skip.reason === SUPPRESSED)).toHaveLength(2);
    // Owl unsubscribed at Mailchimp: kept as unsubscribed, never mailed either way.
    expect(await subscribersOf(context)).toEqual([['Owl@Example.com', 0]]);
  });

  it('an address unsubscribed in the file and suppressed here is still kept as unsubscribed', async () => {
    await suppressAddress(context.t.services.db, { email: 'quiet@example.com', reason: 'unsubscribed' });
    const csv = 'email,status\r\nquiet@example.com,unsubscribed\r\n';
    const summary = await importOk(context, 'source=subscribers', csv);
    expect(summary.created.subscribers).toBe(1);
    expect(summary.skipped).toEqual([]);
    expect(await subscribersOf(context)).toContainEqual(['quiet@example.com', 0]);
  });

  it('checks a long list in batches: every suppressed row of 1,200 is left out', async () => {
    const db = context.t.services.db;
    const rows = Array.from({ length: 1_200 }, (_, index) => `bulk${index}@example.com`);
    for (const email of rows.filter((_, index) => index % 100 === 7))
      await suppressAddress(db, { email, reason: 'bounce' });
    const csv = `email,status\r\n${rows.map((email) => `${email},subscribed`).join('\r\n')}\r\n`;
    const dry = await importOk(context, 'source=subscribers&dryRun=1', csv);
    expect(dry.skipped.filter((skip) => skip.reason === SUPPRESSED).map((skip) => skip.item)).toEqual(
      rows.flatMap((email, index) => (index % 100 === 7 ? [`${email} (line ${index + 2})`] : [])),
    );
    const summary = await importOk(context, 'source=subscribers', csv);
    expect(summary.created.subscribers).toBe(1_188);
    const stored = await db
      .selectFrom('newsletterSubscriptions')
      .select('email')
      .where('email', 'like', 'bulk%')
      .execute();
    expect(stored).toHaveLength(1_188);
    expect(stored.map((row) => row.email)).not.toContain('bulk7@example.com');
  });
});

describe('Ghost members against the suppression list', () => {
  const context = useTestApp();

  it('a suppressed member is left out of the dry run and the import, the posts still come in', async () => {
    await suppressByRest(context, 'bellringer@example.com', 'bounce');
    const dry = await importOk(context, 'source=ghost&dryRun=1', await fixture('ghost-5.json'));
    expect(dry.created).toMatchObject({ posts: 1, drafts: 1, subscribers: 1 });
    expect(dry.skipped).toContainEqual({ item: 'bellringer@example.com (line 2)', reason: SUPPRESSED });

    const summary = await importOk(context, 'source=ghost', await fixture('ghost-5.json'));
    expect(summary.created).toMatchObject({ posts: 1, drafts: 1, subscribers: 1 });
    expect(summary.skipped).toContainEqual({ item: 'bellringer@example.com (line 2)', reason: SUPPRESSED });
    expect(await subscribersOf(context)).toEqual([['gone@example.com', 0]]);
  });
});

describe('Substack subscribers against the suppression list', () => {
  const context = useTestApp();

  it('a suppressed subscriber is left out of the dry run and the import', async () => {
    await suppressByRest(context, 'Moth@Example.com', 'manual');
    const zip = await zipOf(path.join(fixturesDir, 'substack'));
    const dry = await importOk(context, 'source=substack&dryRun=1', zip);
    expect(dry.created).toMatchObject({ posts: 1, drafts: 1, subscribers: 1 });
    expect(dry.skipped).toContainEqual({ item: 'moth@example.com (line 2)', reason: SUPPRESSED });

    const summary = await importOk(context, 'source=substack', zip);
    expect(summary.created).toMatchObject({ posts: 1, drafts: 1, subscribers: 1 });
    expect(summary.skipped).toContainEqual({ item: 'moth@example.com (line 2)', reason: SUPPRESSED });
    expect(await subscribersOf(context)).toEqual([['gnat@example.com', 0]]);
  });
});

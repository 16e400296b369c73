import { describe, expect, it } from 'vitest';
import { READER_STATES, type ReaderState } from '../../../domain/reader-states.js';
import type { ReaderProfile } from '../../../domain/readers.schema.js';
import { loadOrCreateSecret } from '../../auth/site-secrets-repository.js';
import { newId, timestampNow } from '../../db/row-conversion.js';
import { suppressAddress } from '../../deliverability/suppression-list.js';
import { useTestApp } from '../../test-support/app-context.js';
import { bearer, expectError } from '../../test-support/http.js';
import { NewsletterTokens } from '../newsletter-tokens.js';
import { countIssueRecipients } from '../send-queue/mail-queue-repository.js';
import { subscribeToNewsletter } from '../subscriptions-repository.js';

const context = useTestApp();

type Listed = {
  id: string;
  email: string;
  name: string | null;
  state: ReaderState;
  status: string;
  isActive: boolean;
  interests: string[] | null;
  suppression: { reason: string; note: string | null } | null;
};

const db = () => context.t.services.db;
const request = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, key: string | null = context.token) =>
  context.t.app.inject({
    method,
    url,
    headers: key ? bearer(key) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const list = async (query = '') => {
  const res = await request('GET', `/api/admin/newsletter${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Listed[]>();
};
const summary = () => context.t.callerWithKey(context.token).admin.newsletterSummary({ search: '@readers.test' });

/** A reader signed up (and confirmed unless told not to), with a name and a creation day. */
async function reader(email: string, options: { confirmed?: boolean; name?: string; day?: string } = {}) {
  const outcome = await subscribeToNewsletter(db(), email, 'form:/');
  if (outcome.kind !== 'subscribed') throw new Error(`${email} exists`);
  const id = outcome.subscription.id;
  await db()
    .updateTable('newsletterSubscriptions')
    .set({
      confirmedAt: options.confirmed === false ? null : timestampNow(),
      name: options.name ?? null,
      ...(options.day ? { createdAt: `${options.day}T10:00:00.000Z` } : {}),
    })
    .where('id', '=', id)
    .execute();
  return id;
}

describe('one state model for the list, the suppression list and the sends', () => {
  it('derives each state from the row and the suppression entry; a hand-suppressed address is never subscribed', async () => {
    const ids: Record<ReaderState, string> = {
      subscribed: await reader('subscribed@readers.test'),
      unconfirmed: await reader('unconfirmed@readers.test', { confirmed: false }),
      unsubscribed: await reader('unsubscribed@readers.test'),
      bounced: await reader('bounced@readers.test'),
      complained: await reader('complained@readers.test'),
      suppressed: await reader('Suppressed@Readers.test'),
    };
    const tokens = new NewsletterTokens(await loadOrCreateSecret(db(), 'newsletter-links'));
    // The reader's own unsubscribe (the one-click POST of the email's link) puts the address on the list.
    const own = await context.t.app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${encodeURIComponent(tokens.unsubscribeToken(ids.unsubscribed))}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(own.statusCode).toBe(200);
    await suppressAddress(db(), { email: 'bounced@readers.test', reason: 'bounce' });
    await suppressAddress(db(), { email: 'complained@readers.test', reason: 'complaint' });
    await suppressAddress(db(), { email: 'suppressed@readers.test', reason: 'manual', note: 'by hand' });

    const rows = await list('?search=@readers.test');
    for (const state of READER_STATES) {
      const row = rows.find((entry) => entry.id === ids[state])!;
      expect(row.state, row.email).toBe(state);
      const filtered = await list(`?search=@readers.test&state=${state}`);
      expect(filtered.map((entry) => entry.id)).toEqual([ids[state]]);
    }
    expect(rows.find((entry) => entry.id === ids.unsubscribed)!.suppression).toMatchObject({ reason: 'unsubscribed' });
    expect(rows.find((entry) => entry.id === ids.suppressed)!.suppression).toEqual(
      expect.objectContaining({ reason: 'manual', note: 'by hand' }),
    );
    const { states } = await summary();
    expect(states).toEqual(Object.fromEntries(READER_STATES.map((state) => [state, 1])));
    // The sends reach exactly the subscribed (and, without confirmation, the unconfirmed too).
    const everyone = { search: '' };
    const all = await context.t.callerWithKey(context.token).admin.newsletterSummary(everyone);
    expect(await countIssueRecipients(db(), true)).toBe(all.states.subscribed);
    expect(await countIssueRecipients(db(), false)).toBe(all.states.subscribed + all.states.unconfirmed);

    // Signing up again lifts the reader's own unsubscribe (not a bounce, complaint or hand suppression).
    expect((await subscribeToNewsletter(db(), 'unsubscribed@readers.test')).kind).toBe('reactivated');
    expect((await list(`?search=unsubscribed@readers.test`))[0]).toMatchObject({
      state: 'unconfirmed',
      suppression: null,
    });
    const removal = await db()
      .selectFrom('mailSuppressionRemovals')
      .select(['suppressedReason', 'removalReason'])
      .where('email', '=', 'unsubscribed@readers.test')
      .execute();
    expect(removal).toEqual([
      { suppressedReason: 'unsubscribed', removalReason: expect.stringMatching(/Signed up again/) },
    ]);
    expect((await subscribeToNewsletter(db(), 'complained@readers.test')).kind).toBe('already-subscribed');
    expect((await list(`?search=complained@readers.test`))[0]!.state).toBe('complained');
  });
});

describe('search and filters', () => {
  it('finds readers by part of the address or the name, by signed-up day and by engagement', async () => {
    const ada = await reader('ada@filters.test', { name: 'Ada Lovelace', day: '2025-03-01' });
    const bea = await reader('bea@filters.test', { name: 'Beatrix Potter', day: '2025-03-05' });
    const cy = await reader('cy@filters.test', { day: '2025-04-01' });
    const ids = (rows: Listed[]) => rows.map((row) => row.id).sort();
    expect(ids(await list('?search=LOVELACE'))).toEqual([ada]);
    expect(ids(await list('?search=potter'))).toEqual([bea]);
    expect(ids(await list('?search=filters.test&signedUpFrom=2025-03-01&signedUpTo=2025-03-05'))).toEqual(
      [ada, bea].sort(),
    );
    expect(ids(await list('?search=filters.test&signedUpFrom=2025-03-02'))).toEqual([bea, cy].sort());
    expect(ids(await list('?search=filters.test&signedUpTo=2025-03-01'))).toEqual([ada]);

    await db()
      .insertInto('newsletterLinks')
      .values({ id: 'link-f', issueId: 'issue-f', url: 'https://x.test/' })
      .execute();
    await db()
      .insertInto('newsletterLinkClicks')
      .values([
        { linkId: 'link-f', subscriberId: ada, clickedAt: timestampNow() },
        // A click long ago is not engagement now.
        { linkId: 'link-f', subscriberId: bea, clickedAt: '2020-01-01T00:00:00.000Z' },
      ])
      .execute();
    expect(ids(await list('?search=filters.test&engaged=clicked'))).toEqual([ada]);
    expect(ids(await list('?search=filters.test&engaged=not-clicked'))).toEqual([bea, cy].sort());
    const counted = await context.t.callerWithKey(context.token).admin.newsletterSummary({
      search: 'filters.test',
      engaged: 'clicked',
    });
    expect(counted.counts.all).toBe(1);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const bad: [string, RegExp][] = [
      ['state=active', /State must be one of/],
      ['status=subscribed', /Status must be one of/],
      ['engaged=maybe', /Engaged must be one of/],
      ['signedUpFrom=yesterday', /Signed up from must be a date/],
      ['signedUpFrom=2025-02-30', /Signed up from is not a real date/],
      ['signedUpFrom=2025-03-02&signedUpTo=2025-03-01', /must not be after/],
      [`search=${'x'.repeat(201)}`, /Search must be at most/],
      ['interest=' + 'x'.repeat(101), /Interest is too long/],
    ];
    const answers = await Promise.all(bad.map(([query]) => request('GET', `/api/admin/newsletter?${query}`)));
    answers.forEach((res, index) => expectError(res, 400, bad[index]![1]));
  });
});

describe('the profile and the author’s changes', () => {
  it('shows the history: signed up, confirmed, issues, clicks, the gift, preorders, purchases and changes', async () => {
    const id = await reader('Reader.History@profile.test', { name: 'Hana' });
    await db()
      .insertInto('newsletterIssues')
      .values({
        id: 'issue-h',
        subject: 'Spring news',
        preheader: '',
        body: 'b',
        status: 'sent',
        createdAt: timestampNow(),
        updatedAt: timestampNow(),
        sentAt: timestampNow(),
      })
      .execute();
    await db()
      .insertInto('mailQueue')
      .values({
        mailingId: 'issue-h',
        recipientId: id,
        kind: 'issue',
        email: 'Reader.History@profile.test',
        siteOrigin: 'http://localhost',
        status: 'sent',
        lastError: null,
        nextAttemptAt: timestampNow(),
        claimedAt: timestampNow(),
        sentAt: timestampNow(),
        createdAt: timestampNow(),
      })
      .execute();
    await db()
      .insertInto('newsletterLinks')
      .values({ id: 'link-h', issueId: 'issue-h', url: 'https://h.test/a' })
      .execute();
    await db()
      .insertInto('newsletterLinkClicks')
      .values({ linkId: 'link-h', subscriberId: id, clickedAt: timestampNow() })
      .execute();
    await db()
      .insertInto('giftLinks')
      .values({ id: 'gift-h', subscriptionId: id, createdAt: timestampNow(), resentAt: null })
      .execute();
    await db().insertInto('downloadMeters').values({ meter: 'gift-link:gift-h', used: 2000 }).execute();
    await db()
      .insertInto('preorders')
      .values({
        id: newId(),
        bookId: 'book-h',
        bookTitle: 'The Tallow King',
        customerName: 'Hana',
        customerEmail: 'READER.history@profile.test',
        preferredFormat: 'ebook',
        phoneNumber: null,
        specialRequests: null,
        createdAt: timestampNow(),
      })
      .execute();
    await db()
      .insertInto('saleOrders')
      .values({
        id: newId(),
        reference: 'HIST0001',
        provider: 'stripe',
        providerOrderId: 'pi_hist',
        checkoutSessionId: null,
        saleEditionId: null,
        bookId: null,
        format: 'ebook',
        productRef: null,
        buyerEmail: 'reader.history@profile.test',
        buyerName: 'Hana',
        amount: 499,
        currency: 'usd',
        state: 'delivered',
        heldReason: null,
        fingerprint: 'f',
        copyFileId: null,
        paidAt: timestampNow(),
        deliveredAt: timestampNow(),
        refundedAt: null,
        resentAt: null,
        createdAt: timestampNow(),
        updatedAt: timestampNow(),
      })
      .execute();

    const changed = await request('PUT', `/api/admin/newsletter/${id}`, {
      name: 'Hana Ito',
      interests: ['new-releases'],
      status: 'unsubscribed',
      reason: 'Asked me at a signing',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Hana Ito', interests: ['new-releases'], state: 'unsubscribed' });
    // The author's unsubscribe is on the suppression list, as the reader's own would be.
    const entry = await db()
      .selectFrom('mailSuppressions')
      .select(['reason', 'note'])
      .where('email', '=', 'reader.history@profile.test')
      .executeTakeFirst();
    expect(entry).toEqual({ reason: 'unsubscribed', note: 'Unsubscribed by the author: Asked me at a signing' });

    const res = await request('GET', `/api/admin/newsletter/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json<ReaderProfile>();
    expect(profile.totals).toEqual({ issues: 1, clicks: 1, giftDownloads: 2, preorders: 1, purchases: 1 });
    const kinds = new Set(profile.history.map((event) => event.kind));
    for (const kind of [
      'signed-up',
      'confirmed',
      'issue',
      'click',
      'gift',
      'preorder',
      'purchase',
      'changed',
      'suppressed',
    ])
      expect(kinds, kind).toContain(kind);
    const texts = profile.history.map((event) => event.text);
    expect(texts).toContain('Received “Spring news”');
    expect(texts).toContain('Clicked https://h.test/a in “Spring news”');
    expect(texts).toContain('Preordered The Tallow King (ebook)');
    expect(texts).toContain('Unsubscribed by the author — reason: Asked me at a signing');
    expect(texts.some((text) => text.startsWith('Bought a book (ebook) for $4.99 — order HIST0001'))).toBe(true);
    const times = profile.history.map((event) => new Date(event.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses bad changes with a 400 and changes nothing; an unknown reader is a 404', async () => {
    const id = await reader('careful@profile.test', { name: 'Careful' });
    const before = (await list('?search=careful@profile.test'))[0];
    const bad: [unknown, RegExp][] = [
      [{ status: 'unsubscribed' }, /Reason is required/],
      [{ status: 'unsubscribed', reason: '   ' }, /Reason is required/],
      [{ status: 'subscribed', reason: 'please' }, /Status must be one of: unsubscribed, suppressed/],
      [{ interests: ['<script>'] }, /Interests are/],
      [{ interests: 'x'.repeat(10) }, /Interests are/],
      [{ name: 'n'.repeat(201) }, /Name must be at most 200/],
      [{}, /Nothing to change/],
      [{ name: 42 }, /Name must be text/],
    ];
    const answers = await Promise.all(bad.map(([body]) => request('PUT', `/api/admin/newsletter/${id}`, body)));
    answers.forEach((res, index) => expectError(res, 400, bad[index]![1]));
    expect((await list('?search=careful@profile.test'))[0]).toEqual(before);
    expectError(await request('GET', '/api/admin/newsletter/no-such-reader'), 404, 'Subscriber not found');
    expectError(
      await request('PUT', '/api/admin/newsletter/no-such-reader', { name: 'x' }),
      404,
      'Subscriber not found',
    );
    expect((await request('GET', `/api/admin/newsletter/${id}`, undefined, null)).statusCode).toBe(401);
    expect((await request('PUT', `/api/admin/newsletter/${id}`, { name: 'x' }, null)).statusCode).toBe(401);
  });

  it('suppresses by hand with a reason: SUPPRESSED in the list, never subscribed', async () => {
    const id = await reader('hand@profile.test');
    const res = await request('PUT', `/api/admin/newsletter/${id}`, { status: 'suppressed', reason: 'Typo address' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'suppressed', isActive: true, suppression: { reason: 'manual' } });
    expect(await list('?search=hand@profile.test&state=subscribed')).toEqual([]);
  });
});

describe('bulk actions under attack', () => {
  const seed = async (prefix: string, count: number) => {
    const ids: string[] = [];
    for (let index = 0; index < count; index++) ids.push(await reader(`${prefix}${index}@bulk.test`));
    return ids;
  };

  it('unsubscribes each reader once when the same bulk action arrives ten times in parallel', async () => {
    const ids = await seed('twice', 40);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request('POST', '/api/admin/newsletter/bulk', { action: 'unsubscribe', ids, reason: 'Cleaning the list' }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.reduce((sum, res) => sum + res.json<{ changed: number }>().changed, 0)).toBe(40);
    const suppressed = await db()
      .selectFrom('mailSuppressions')
      .select('email')
      .where('email', 'like', 'twice%')
      .execute();
    expect(suppressed).toHaveLength(40);
    const logged = await db().selectFrom('readerChanges').select('id').where('subscriptionId', 'in', ids).execute();
    expect(logged).toHaveLength(40);
    expect(new Set((await list('?search=twice')).map((row) => row.state))).toEqual(new Set(['unsubscribed']));
  });

  it('keeps every interest added in parallel, and deletes each reader once', async () => {
    const ids = await seed('many', 30);
    const interests = ['new-releases', 'series:a', 'series:b', 'series:c', 'series:d'];
    const answers = await Promise.all(
      interests.map((interest) =>
        request('POST', '/api/admin/newsletter/bulk', { action: 'add-interest', ids, interest: [interest] }),
      ),
    );
    for (const res of answers) expect(res.json<{ changed: number }>().changed).toBe(30);
    for (const row of await list('?search=many')) expect(row.interests).toEqual(['everything', ...interests].sort());
    const removed = await request('POST', '/api/admin/newsletter/bulk', {
      action: 'remove-interest',
      ids,
      interest: ['series:b'],
    });
    expect(removed.json()).toEqual({ changed: 30 });

    const deletes = await Promise.all(
      Array.from({ length: 6 }, () => request('POST', '/api/admin/newsletter/bulk', { action: 'delete', ids })),
    );
    expect(deletes.reduce((sum, res) => sum + res.json<{ changed: number }>().changed, 0)).toBe(30);
    expect(await list('?search=many')).toEqual([]);
  });

  it('refuses bad bulk requests with a 400 (401 without a session) and changes nothing', async () => {
    const ids = await seed('safe', 3);
    const before = await list('?search=safe');
    const bad: [unknown, RegExp][] = [
      [{ action: 'unsubscribe', ids }, /Reason is required/],
      [{ action: 'explode', ids }, /Action must be one of/],
      [{ action: 'delete', ids: [] }, /Choose at least one reader/],
      [{ action: 'delete', ids: Array.from({ length: 501 }, (_, index) => `id-${index}`) }, /at most 500/],
      [{ action: 'delete', ids: 'all' }, /Ids must be a list/],
      [{ action: 'add-interest', ids, interest: ['%'] }, /Interests are/],
      [{ action: 'add-interest', ids, interest: ['new-releases', 'series:ashen-road'] }, /Give one interest/],
      [{ action: 'add-interest', ids, interest: ['everything', 'new-releases'] }, /not both/],
      [{ action: 'delete', ids: [{ $ne: null }] }, /Id is required/],
      [null, /Action must be one of|Invalid/],
    ];
    const answers = await Promise.all(bad.map(([body]) => request('POST', '/api/admin/newsletter/bulk', body)));
    answers.forEach((res, index) => expectError(res, 400, bad[index]![1]));
    const anonymous = await Promise.all(
      Array.from({ length: 5 }, () => request('POST', '/api/admin/newsletter/bulk', { action: 'delete', ids }, null)),
    );
    for (const res of anonymous) expect(res.statusCode).toBe(401);
    expect(await list('?search=safe')).toEqual(before);
  });
});

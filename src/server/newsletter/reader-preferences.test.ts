import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAdminSession } from '../test-support/sessions.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, validPreorderBook, type TestApp } from '../test-support/test-app.js';
import { startTestMailWorker } from '../test-support/mail-worker.js';

const PUBLIC_URL = 'https://site.example';
const DAY_MS = 24 * 60 * 60 * 1000;

let inbox: SmtpInbox;
let t: TestApp;
let adminToken: string;
let admin: ReturnType<TestApp['callerWithKey']>;
let stopWorker: () => Promise<void>;
let ashen: { id: string };
let ember: { id: string };

beforeAll(async () => {
  inbox = await startSmtpInbox();
  // Every sign-up here comes from one address (one network): lift the per-network hourly budget, which
  // signup-abuse/ tests, so each confirmation leaves at once.
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Delphine Rook <news@example.com>',
    PUBLIC_URL,
    CONFIRMATIONS_PER_NETWORK_PER_HOUR: '1000',
  });
  adminToken = await openAdminSession(t.services);
  admin = t.callerWithKey(adminToken);
  ashen = await admin.series.create({ name: 'The Ashen Road' });
  ember = await admin.series.create({ name: 'Ember Tales' });
  stopWorker = startTestMailWorker(t);
});
afterAll(async () => {
  await stopWorker();
  await t.close();
  await inbox.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${adminToken}` } });

function linkIn(email: ReceivedEmail, pathname: string): string {
  const link = new RegExp(`https?://[^\\s"<>\\]]+${pathname}\\?token=[A-Za-z0-9_.~-]+`).exec(email.text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in:\n${email.text}`);
  return link;
}
const local = (link: string) => `${new URL(link).pathname}${new URL(link).search}`;

async function waitFor<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Subscribes through the REST call, follows the confirmation link; returns the welcome email. */
async function confirmedReader(email: string, interests?: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: interests ? { email, interests } : { email },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.services.newsletterMail.settled();
  const [confirmation] = inbox.to(email);
  const page = await t.app.inject({ method: 'POST', url: local(linkIn(confirmation!, '/newsletter/confirm')) });
  expect(page.statusCode).toBe(200);
  const welcome = await waitFor(
    () => inbox.to(email),
    (list) => list.length >= 2,
    `the welcome email to ${email}`,
  );
  return { id: res.json<{ id: string }>().id, welcome: welcome[1]!, page: page.body };
}

describe('interests at sign-up, the welcome email and groups', () => {
  it('stores interests from POST /api/newsletter (the answer unchanged) and lists them in GET /api/admin/newsletter', async () => {
    const { welcome } = await confirmedReader('ash-reader@example.org', [`series:${ashen.id}`, 'new-releases']);
    expect(welcome.headers.get('subject')).toBe('Welcome to the Ashwardens');
    expect(welcome.text).toContain('Thank you for joining');
    // Every email links to the preferences page and to unsubscribe.
    expect(linkIn(welcome, '/newsletter/preferences')).toMatch(/^https:\/\/site\.example\//);
    expect(linkIn(welcome, '/newsletter/unsubscribe')).toMatch(/^https:\/\/site\.example\//);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/newsletter',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const row = list
      .json<{ email: string; interests: string[] | null }[]>()
      .find((r) => r.email === 'ash-reader@example.org');
    expect(row?.interests).toEqual(['new-releases', `series:${ashen.id}`]);
  });

  it('refuses unknown or malformed interests (400) and stores nothing', async () => {
    const bad = [
      { email: 'bad-1@example.org', interests: ['series:does-not-exist'] },
      { email: 'bad-2@example.org', interests: ['cookies'] },
      { email: 'bad-3@example.org', interests: 42 },
      { email: 'bad-4@example.org', interests: [`series:${'%'.repeat(5)}`] },
      { email: 'bad-5@example.org', interests: Array.from({ length: 31 }, () => 'everything') },
      { email: 'bad-6@example.org', interests: [{ a: 1 }] },
      // "New releases only" cannot also be "Everything".
      { email: 'bad-7@example.org', interests: ['new-releases', 'everything'] },
    ];
    const answers = await Promise.all(
      bad.map((payload) => t.app.inject({ method: 'POST', url: '/api/newsletter', payload })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(400);
    const emails = (await admin.admin.newsletterSubscriptions()).items.map((row) => row.email);
    for (const { email } of bad) expect(emails).not.toContain(email);
  });

  it('sends an issue to one series group: the confirmed count is exact and only that group receives it', async () => {
    await confirmedReader('ember-only@example.org', [`series:${ember.id}`]);
    await confirmedReader('everything@example.org', ['everything']);
    await confirmedReader('never-chose@example.org');
    await confirmedReader('news-only@example.org', ['new-releases']);
    const audience = { kind: 'series' as const, seriesId: ember.id };
    const counted = await post('/api/admin/newsletter/recipients', { audience });
    expect(counted.statusCode, counted.body).toBe(200);
    // ember-only, everything, never-chose (ash-reader chose other things).
    expect(counted.json()).toMatchObject({ count: 3 });
    const issue = await admin.mail.saveDraft({ subject: 'Ember news', preheader: '', body: 'For Ember readers.' });
    const wrong = await post(`/api/admin/newsletter/issues/${issue.id}/send`, { expectedRecipients: 7, audience });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error).toContain('changed to 3');
    const sent = await post(`/api/admin/newsletter/issues/${issue.id}/send`, { expectedRecipients: 3, audience });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ queued: 3 });
    await waitFor(
      () => admin.mail.progress({ id: issue.id }),
      (progress) => progress.figures.remaining === 0,
      'the issue',
    );
    const receivedBy = inbox.received
      .filter((email) => email.headers.get('subject') === 'Ember news')
      .map((email) => email.rcptTo[0])
      .sort();
    expect(receivedBy).toEqual(['ember-only@example.org', 'everything@example.org', 'never-chose@example.org']);
    expect((await admin.mail.issue({ id: issue.id })).audience).toEqual(audience);
  });

  it('groups subscribers who preordered a book; refuses an unknown series or book (400)', async () => {
    const book = await admin.books.create({ ...validPreorderBook, title: 'The Hollow Throne' } as never);
    await t.publicCaller().preorders.create({
      bookId: book.id,
      customerName: 'Mara',
      customerEmail: 'NEWS-ONLY@example.org',
      preferredFormat: 'ebook',
    });
    expect(await admin.mail.recipientCount({ audience: { kind: 'preordered', bookId: book.id } })).toMatchObject({
      count: 1,
    });
    for (const audience of [
      { kind: 'series', seriesId: 'nope' },
      { kind: 'preordered', bookId: 'nope' },
      { kind: 'planets' },
    ]) {
      const res = await post('/api/admin/newsletter/recipients', { audience });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('sends a follow-up after its delay (fake clock), never twice, and not after an unsubscribe', async () => {
    await admin.mail.saveSequenceEmail({
      step: 1,
      subject: 'The series order',
      preheader: '',
      body: 'Start with book one.',
      delayDays: 3,
      enabled: true,
    });
    const stays = await confirmedReader('follow-stays@example.org');
    const leaves = await confirmedReader('follow-leaves@example.org');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.to('follow-stays@example.org')).toHaveLength(2);
    // The leaving reader unsubscribes through the link in the welcome email.
    const unsubscribe = linkIn(leaves.welcome, '/newsletter/unsubscribe');
    expect((await t.app.inject({ method: 'POST', url: local(unsubscribe) })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * DAY_MS + 60_000 });
    try {
      await waitFor(
        () => inbox.to('follow-stays@example.org'),
        (list) => list.length === 3,
        'the follow-up',
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      vi.useRealTimers();
    }
    expect(inbox.to('follow-stays@example.org')[2]!.headers.get('subject')).toBe('The series order');
    expect(inbox.to('follow-leaves@example.org')).toHaveLength(2);
    const sequence = await admin.mail.sequence();
    const followUp = sequence.find((email) => email.sequenceStep === 1)!;
    expect(followUp.figures.sent).toBeGreaterThanOrEqual(1);
    expect(followUp.figures.skipped).toBeGreaterThanOrEqual(1);
    // Confirming again later queues nothing new: each sequence email goes once per subscriber.
    const [confirmation] = inbox.to('follow-stays@example.org');
    const again = await t.app.inject({ method: 'POST', url: local(linkIn(confirmation!, '/newsletter/confirm')) });
    expect(again.statusCode).toBe(200);
    const rows = await t.services.db
      .selectFrom('mailQueue')
      .select('mailingId')
      .where('recipientId', '=', stays.id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('the preferences page (signed link, no account) changes interests, pauses for a month and unsubscribes', async () => {
    const { id, welcome } = await confirmedReader('prefs@example.org', ['everything']);
    const link = local(linkIn(welcome, '/newsletter/preferences'));
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Your newsletter preferences</h1>');
    expect(page.body).toContain('value="everything" checked');
    expect(page.body).toContain('The Ashen Road');
    const form = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: link,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    const saved = await form(`action=save&interests=${encodeURIComponent(`series:${ashen.id}`)}`);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Your choices are saved.');
    const stored = () => admin.admin.newsletterSubscriptions().then((list) => list.items.find((row) => row.id === id)!);
    expect((await stored()).interests).toEqual([`series:${ashen.id}`]);
    // Refused without changing anything: an unknown series, a made-up value, a missing action.
    for (const body of ['action=save&interests=series%3Anope', 'action=save&interests=cookies', 'interests=everything'])
      expect((await form(body)).statusCode).toBe(400);
    expect((await stored()).interests).toEqual([`series:${ashen.id}`]);
    const both = await form('action=save&interests=everything&interests=new-releases');
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('Choose “Everything” or “New releases only”, not both.');
    expect((await stored()).interests).toEqual([`series:${ashen.id}`]);
    const everyoneBefore = (await admin.mail.recipientCount()).count;
    const paused = await form('action=pause');
    expect(paused.body).toContain('Paused until');
    expect((await stored()).pausedUntil).toBeInstanceOf(Date);
    expect((await admin.mail.recipientCount()).count).toBe(everyoneBefore - 1);
    expect((await form('action=resume')).body).toContain('Issues are back on.');
    expect((await admin.mail.recipientCount()).count).toBe(everyoneBefore);
    // Tampered or foreign links change nothing.
    const token = new URL(`https://x${link}`).searchParams.get('token')!;
    for (const bad of [`${token.slice(0, -2)}xx`, linkIn(welcome, '/newsletter/unsubscribe').split('token=')[1]!, ''])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/newsletter/preferences?token=${bad}`,
            payload: 'action=pause',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
        ).statusCode,
      ).toBe(400);
    expect((await stored()).pausedUntil).toBeNull();
    // Unsubscribe from the page: the form posts to the unsubscribe link, which records when.
    const action = /<form method="post" action="(\/newsletter\/unsubscribe\?token=[^"]+)"/.exec(saved.body)![1]!;
    const left = await t.app.inject({
      method: 'POST',
      url: action.replace(/&amp;/g, '&'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(left.statusCode).toBe(200);
    expect((await stored()).status).toBe('unsubscribed');
    const row = await t.services.db
      .selectFrom('newsletterSubscriptions')
      .select('unsubscribedAt')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.unsubscribedAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: link })).body).toContain('You&#39;re unsubscribed');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailQueueJob } from '../newsletter/send-queue/mail-queue-job.js';
import { newId, timestampNow } from '../db/row-conversion.js';
import { openAdminSession } from '../test-support/sessions.js';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, validBook, type TestApp } from '../test-support/test-app.js';
import { expectTRPCError, type Caller } from '../test-support/trpc.js';
import { isSuppressed, suppressAddress } from './suppression-list.js';

const PUBLIC_URL = 'https://site.example';
const AUTHOR_EMAIL = 'author@example.net';
const REFUSED = 'gone@refuses.example';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let inbox: SmtpInbox;
let t: TestApp;
let admin: Caller;
let stopQueue: () => Promise<void>;

beforeAll(async () => {
  inbox = await startSmtpInbox({
    answerRecipient: (address) => (address === REFUSED ? { code: 550, message: 'No such user here' } : null),
  });
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'news@example.com', PUBLIC_URL, AUTHOR_EMAIL });
  admin = t.callerWithKey(await openAdminSession(t.services));
  stopQueue = startMailQueueJob({
    db: t.services.db,
    mailer: t.services.mailing.queueMailer,
    messages: t.services.mailing.queuedMessages,
    ratePerMinute: null,
    log: quiet,
    idlePollMs: 20,
  });
});
afterAll(async () => {
  await stopQueue();
  await t.close();
  await inbox.close();
});

async function addSubscriber(email: string): Promise<string> {
  const id = newId();
  const now = timestampNow();
  await t.services.db
    .insertInto('newsletterSubscriptions')
    .values({
      id,
      email,
      isActive: 1,
      createdAt: now,
      confirmedAt: now,
      confirmationNonce: null,
      confirmationSentAt: null,
    })
    .execute();
  return id;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let waited = 0; ; waited += 25) {
    const value = await read();
    if (done(value)) return value;
    if (waited > 10_000) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const finished = (issueId: string) =>
  until(
    () => admin.mail.progress({ id: issueId }),
    (progress) => progress.figures.remaining === 0,
  );

describe('nothing leaves for a suppressed address', () => {
  it('an issue: a suppressed subscriber is not counted, not queued, and one suppressed after queueing is skipped', async () => {
    await addSubscriber('keeps@reader.example');
    await addSubscriber('Complained@Reader.example');
    const late = 'late@reader.example';
    await addSubscriber(late);
    const before = (await admin.mail.recipientCount()).count;
    await suppressAddress(t.services.db, { email: 'complained@reader.example', reason: 'complaint' });
    expect((await admin.mail.recipientCount()).count).toBe(before - 1);

    await stopQueue();
    const draft = await admin.mail.saveDraft({ subject: 'Ember', preheader: '', body: 'Hello' });
    const { queued } = await admin.mail.send({ id: draft.id, expectedRecipients: before - 1 });
    expect(queued).toBe(before - 1);
    // Suppressed between "Send" and the worker's turn: skipped, never handed to the relay.
    await suppressAddress(t.services.db, { email: late, reason: 'manual' });
    stopQueue = startMailQueueJob({
      db: t.services.db,
      mailer: t.services.mailing.queueMailer,
      messages: t.services.mailing.queuedMessages,
      ratePerMinute: null,
      log: quiet,
      idlePollMs: 20,
    });
    const progress = await finished(draft.id);
    expect(progress.figures).toMatchObject({ sent: before - 2, skipped: 1, failed: 0 });
    const ember = inbox.received.filter((email) => email.headers.get('subject') === 'Ember');
    expect(ember.map((email) => email.rcptTo[0])).toContain('keeps@reader.example');
    expect(ember.flatMap((email) => email.rcptTo).map((to) => to.toLowerCase())).not.toContain(
      'complained@reader.example',
    );
    expect(ember.flatMap((email) => email.rcptTo)).not.toContain(late);
  });

  it('a relay that refuses an address (5xx) puts it on the list as a bounce from that issue', async () => {
    await addSubscriber(REFUSED);
    const count = (await admin.mail.recipientCount()).count;
    const draft = await admin.mail.saveDraft({ subject: 'Cinder', preheader: '', body: 'Hi' });
    await admin.mail.send({ id: draft.id, expectedRecipients: count });
    await finished(draft.id);
    const { entries } = await admin.suppressions.list({ search: 'gone@', offset: 0 });
    expect(entries).toEqual([
      expect.objectContaining({ email: REFUSED, reason: 'bounce', issueId: draft.id, issueSubject: 'Cinder' }),
    ]);
    expect(entries[0]?.note).toContain('No such user here');
  });

  it("a book's notice to a preorder customer", async () => {
    const visitor = t.publicCaller();
    const book = await admin.books.create({ ...validBook, title: 'Ashfall', status: 'preorder' });
    for (const email of ['buyer@reader.example', 'blocked@reader.example'])
      await visitor.preorders.create({
        bookId: book.id,
        customerName: 'Mara',
        customerEmail: email,
        preferredFormat: 'ebook',
      });
    // Their receipts leave first (in the background); then one of the two is suppressed.
    await t.services.mailing.preorderMail.settled();
    const receipts = inbox.to('blocked@reader.example').length;
    await suppressAddress(t.services.db, { email: 'BLOCKED@reader.example', reason: 'complaint' });
    await admin.books.update({ id: book.id, data: { ...validBook, title: 'Ashfall', status: 'published' } } as never);
    expect(await admin.mail.notifyPreorders({ id: book.id })).toEqual({ queued: 2 });
    const notice = await until(
      () => admin.mail.preorderNotices(),
      (books) => books.find((entry) => entry.bookId === book.id)?.figures.remaining === 0,
    );
    expect(notice.find((entry) => entry.bookId === book.id)?.figures).toMatchObject({ sent: 1, skipped: 1 });
    expect(inbox.to('buyer@reader.example').length).toBeGreaterThan(0);
    expect(receipts).toBe(1);
    expect(inbox.to('blocked@reader.example')).toHaveLength(receipts);
  });

  it("the author's notices, once the author's own address is suppressed", async () => {
    const visitor = t.publicCaller();
    await visitor.contact.send({ name: 'Ada', email: 'ada@reader.example', message: 'First' });
    await t.services.mailing.authorNotices.settled();
    const before = inbox.to(AUTHOR_EMAIL).length;
    expect(before).toBeGreaterThan(0);
    await suppressAddress(t.services.db, { email: AUTHOR_EMAIL, reason: 'manual' });
    await visitor.contact.send({ name: 'Ada', email: 'ada@reader.example', message: 'Second' });
    await t.services.mailing.authorNotices.settled();
    expect(inbox.to(AUTHOR_EMAIL)).toHaveLength(before);
  });

  it('a confirmation email, and a test of an issue (refused with the reason)', async () => {
    await suppressAddress(t.services.db, { email: 'stranger@victim.example', reason: 'complaint' });
    await t.publicCaller('203.0.113.9').newsletter.subscribe({ email: 'Stranger@victim.example' });
    await t.publicCaller('203.0.113.10').newsletter.subscribe({ email: 'welcome@reader.example' });
    await t.services.newsletterMail.settled();
    expect(inbox.to('stranger@victim.example')).toHaveLength(0);
    expect(inbox.to('welcome@reader.example')).toHaveLength(1);

    const draft = await admin.mail.saveDraft({ subject: 'Test me', preheader: '', body: 'Hi' });
    const error = await expectTRPCError(
      admin.mail.sendTest({ id: draft.id, to: 'stranger@victim.example' }),
      'PRECONDITION_FAILED',
    );
    expect(error.message).toMatch(/suppression list \(complaint\)/);
    expect(inbox.to('stranger@victim.example')).toHaveLength(0);
  });

  it('any mail through the shared mailer, whatever feature sends it (welcome, sequence, …)', async () => {
    await suppressAddress(t.services.db, { email: 'direct@reader.example', reason: 'unsubscribed' });
    await expect(
      t.services.mailer.send({ to: 'DIRECT@reader.example', subject: 'Welcome', html: '<p>Hi</p>', text: 'Hi' }),
    ).rejects.toThrow(/suppression list/);
    expect(await isSuppressed(t.services.db, ' Direct@Reader.Example ')).toBe(true);
    expect(inbox.to('direct@reader.example')).toHaveLength(0);
  });
});

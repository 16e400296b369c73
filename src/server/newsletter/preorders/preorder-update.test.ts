import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppressAddress } from '../../deliverability/suppression-list.js';
import { startMailQueueJob } from '../send-queue/mail-queue-job.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox.js';
import { createTestApp, validPreorderBook, type TestApp } from '../../test-support/test-app.js';

const PUBLIC_URL = 'https://site.example';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The "Preordered <book>" audience: a transactional update to the book's preorder customers, subscribed or not. */
describe('a preorder update to a book’s preorder customers', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  let token: string;
  let stopQueue: () => void | Promise<void>;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'Delphine <news@example.com>', PUBLIC_URL });
    token = await openAdminSession(t.services);
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

  it('counts and writes to each customer once, with the preorder footer and no unsubscribe; never to a bounced one', async () => {
    const admin = t.callerWithKey(token);
    const book = await admin.books.create({ ...validPreorderBook, title: 'The Hollow Throne' } as never);
    const empty = await admin.books.create({ ...validPreorderBook, title: 'Nobody Wants Me' } as never);
    const preorder = (customerEmail: string) =>
      t
        .publicCaller()
        .preorders.create({ bookId: book.id, customerName: 'Reader', customerEmail, preferredFormat: 'ebook' });
    // Not subscribers at all; one address twice (any case); one unsubscribed from the newsletter; one bounced.
    for (const email of ['ana@example.org', 'Bo@Example.org', 'bo@example.org', 'left@example.org', 'dead@example.org'])
      await preorder(email);
    await suppressAddress(t.services.db, { email: 'left@example.org', reason: 'unsubscribed' });
    await suppressAddress(t.services.db, { email: 'dead@example.org', reason: 'bounce' });

    const audience = { kind: 'preordered' as const, bookId: book.id };
    expect(await admin.mail.recipientCount({ audience })).toMatchObject({ count: 3, recipients: 'preorder-customers' });
    // A book nobody preordered says so (0, of preorder customers), not "0 subscribers".
    expect(await admin.mail.recipientCount({ audience: { kind: 'preordered', bookId: empty.id } })).toMatchObject({
      count: 0,
      recipients: 'preorder-customers',
    });
    expect(await admin.mail.recipientCount({ audience: { kind: 'everyone' } })).toMatchObject({
      recipients: 'subscribers',
    });

    const issue = await admin.mail.saveDraft({
      subject: 'The Hollow Throne moves to May',
      preheader: '',
      body: 'The printer needs three more weeks. [See the new cover](/books).',
    });
    await admin.mail.send({ id: issue.id, expectedRecipients: 3, audience });
    // Each preorder got its receipt already; the update is the mail with the issue's subject.
    const updates = () =>
      inbox.received.filter((email) => email.headers.get('subject') === 'The Hollow Throne moves to May');
    for (let waited = 0; updates().length < 3 && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      updates()
        .map((email) => email.rcptTo.join(',').toLowerCase())
        .sort(),
    ).toEqual(['ana@example.org', 'bo@example.org', 'left@example.org']);
    for (const email of updates()) {
      expect(email.text).toContain('because you preordered The Hollow Throne');
      expect(email.text).toContain('does not subscribe you to the newsletter');
      expect(email.text).toMatch(/Cancel my preorder/);
      expect(email.text).toContain(`${PUBLIC_URL}/preorder/cancel?token=`);
      expect(email.text).not.toMatch(/unsubscribe/i);
      expect(email.html).not.toContain('placeholder.invalid');
      expect(email.headers.has('list-unsubscribe')).toBe(false);
    }
    const progress = await admin.mail.progress({ id: issue.id });
    expect(progress.figures).toMatchObject({ total: 3, sent: 3, failed: 0 });
  });
});

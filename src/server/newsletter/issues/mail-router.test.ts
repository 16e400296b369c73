import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailQueueJob } from '../send-queue/mail-queue-job.js';
import { newId, timestampNow } from '../../db/row-conversion.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox.js';
import { createTestApp, validBook, type TestApp } from '../../test-support/test-app.js';
import { expectTRPCError, type Caller } from '../../test-support/trpc.js';

const PUBLIC_URL = 'https://site.example';
const AUTHOR_EMAIL = 'author@example.net';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let inbox: SmtpInbox;
let t: TestApp;
let admin: Caller;
let visitor: Caller;
let stopQueue: () => Promise<void>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'news@example.com', PUBLIC_URL, AUTHOR_EMAIL });
  admin = t.callerWithKey(await openAdminSession(t.services));
  visitor = t.publicCaller();
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

async function addSubscriber(email: string, { confirmed = true } = {}) {
  const now = timestampNow();
  await t.services.db
    .insertInto('newsletterSubscriptions')
    .values({
      id: newId(),
      email,
      isActive: 1,
      createdAt: now,
      confirmedAt: confirmed ? now : null,
      confirmationNonce: null,
      confirmationSentAt: null,
    })
    .execute();
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let waited = 0; ; waited += 25) {
    const value = await read();
    if (done(value)) return value;
    if (waited > 10_000) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('mail settings', () => {
  it('defaults to double opt-in with the author notices on, and stores changes', async () => {
    expect(await admin.settings.mail()).toEqual({
      requireConfirmation: true,
      notifyAuthorOfContact: true,
      notifyAuthorOfPreorder: true,
      notifyAuthorOfComments: true,
      authorEmailConfigured: true,
    });
    expect(await admin.settings.updateMail({ notifyAuthorOfPreorder: false })).toMatchObject({
      requireConfirmation: true,
      notifyAuthorOfPreorder: false,
    });
    expect((await admin.settings.mail()).notifyAuthorOfPreorder).toBe(false);
    await admin.settings.updateMail({ notifyAuthorOfPreorder: true });
  });

  it('an update keeps the settings it leaves out (the partial schema fills in no defaults)', async () => {
    await admin.settings.updateMail({ notifyAuthorOfComments: false, notifyAuthorOfContact: false });
    expect(await admin.settings.updateMail({ requireConfirmation: true })).toMatchObject({
      notifyAuthorOfComments: false,
      notifyAuthorOfContact: false,
    });
    expect(await admin.settings.mail()).toMatchObject({ notifyAuthorOfComments: false, notifyAuthorOfContact: false });
    await admin.settings.updateMail({ notifyAuthorOfComments: true, notifyAuthorOfContact: true });
  });

  it('refuses bad input and strangers', async () => {
    for (const input of [{ requireConfirmation: 'yes' }, { unknown: true }, null, 'x'])
      await expectTRPCError(admin.settings.updateMail(input as never), 'BAD_REQUEST');
    await expectTRPCError(visitor.settings.mail(), 'UNAUTHORIZED');
    await expectTRPCError(visitor.settings.updateMail({ requireConfirmation: false }), 'UNAUTHORIZED');
    expect((await admin.settings.mail()).requireConfirmation).toBe(true);
  });

  it('"Require confirmation" decides whether pending subscribers count as recipients', async () => {
    const before = (await admin.mail.recipientCount()).count;
    await addSubscriber(`pending-${Date.now()}@example.org`, { confirmed: false });
    expect(await admin.mail.recipientCount()).toEqual({
      count: before,
      confirmedOnly: true,
      recipients: 'subscribers',
    });
    await admin.settings.updateMail({ requireConfirmation: false });
    expect(await admin.mail.recipientCount()).toEqual({
      count: before + 1,
      confirmedOnly: false,
      recipients: 'subscribers',
    });
    await admin.settings.updateMail({ requireConfirmation: true });
  });
});

describe('issues', () => {
  it('saves and edits a draft, previews it as sent, sends a test, and refuses edits once sent', async () => {
    const draft = await admin.mail.saveDraft({ subject: ' Ashes ', preheader: '', body: '# Hi\n\n[site](/about)' });
    expect(draft).toMatchObject({ subject: 'Ashes', status: 'draft', figures: { total: 0 } });
    const edited = await admin.mail.saveDraft({
      id: draft.id,
      subject: 'Ashes and embers',
      preheader: 'Pre',
      body: 'Text *here*',
    });
    expect(edited.subject).toBe('Ashes and embers');

    const body = await admin.mail.previewBody({ body: 'Some **bold** and <script>x</script> [a](/books)' });
    expect(body.html).toContain('<p style="color:#eadfc8;');
    expect(body.html).toContain('<strong>bold</strong>');
    expect(body.html).not.toContain('<script>');
    expect(body.html).toContain(`href="${PUBLIC_URL}/books"`);

    const preview = await admin.mail.preview({ id: draft.id });
    expect(preview.subject).toBe('Ashes and embers');
    expect(preview.html).toMatch(/^<!DOCTYPE html/i);
    expect(preview.html).toContain('<em>here</em>');
    expect(preview.text).toContain('Text here');
    expect(preview.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    expect(await admin.mail.sendTest({ id: draft.id, to: 'tester@example.org' })).toEqual({
      message: 'Test sent to tester@example.org',
    });
    const [test] = inbox.to('tester@example.org');
    expect(test?.headers.get('subject')).toBe('[Test] Ashes and embers');
    expect(test?.html).toBe(preview.html);
    expect(test?.text.trim()).toBe(preview.text.trim());
    await expectTRPCError(admin.mail.sendTest({ id: draft.id, to: 'not an address' }), 'BAD_REQUEST');

    const { count } = await admin.mail.recipientCount();
    await expectTRPCError(
      admin.mail.send({ id: draft.id, expectedRecipients: count + 1 }),
      'CONFLICT',
      `The number of subscribers changed to ${count}: check and confirm again`,
    );
    expect((await admin.mail.issue({ id: draft.id })).status).toBe('draft');
    // Two clicks at once: one send.
    const results = await Promise.allSettled([
      admin.mail.send({ id: draft.id, expectedRecipients: count }),
      admin.mail.send({ id: draft.id, expectedRecipients: count }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    await expectTRPCError(admin.mail.saveDraft({ id: draft.id, subject: 'x', body: '' }), 'CONFLICT');
    await expectTRPCError(admin.mail.deleteDraft({ id: draft.id }), 'CONFLICT');
    const issues = (await admin.mail.issues()).items;
    expect(issues.find((issue) => issue.id === draft.id)?.sentAt).toBeInstanceOf(Date);
  });

  it('refuses bad input with BAD_REQUEST or NOT_FOUND and changes nothing', async () => {
    const before = await admin.mail.issues();
    const bad = [
      { subject: '', body: 'x' },
      { subject: 'x'.repeat(201), body: 'x' },
      { subject: 'x', body: 'x'.repeat(100_001) },
      { subject: 'x', body: 5 },
      { subject: ['x'], body: 'x' },
    ];
    await Promise.all(bad.map((input) => expectTRPCError(admin.mail.saveDraft(input as never), 'BAD_REQUEST')));
    await expectTRPCError(admin.mail.saveDraft({ id: 'missing', subject: 'x', body: '' }), 'NOT_FOUND');
    await expectTRPCError(admin.mail.send({ id: 'missing', expectedRecipients: 0 }), 'NOT_FOUND');
    await expectTRPCError(admin.mail.send({ id: 'missing', expectedRecipients: -1 }), 'BAD_REQUEST');
    await expectTRPCError(admin.mail.preview({ id: 'missing' }), 'NOT_FOUND');
    await expectTRPCError(admin.mail.retryFailed({ id: 'missing' }), 'NOT_FOUND');
    await expectTRPCError(admin.mail.deleteDraft({ id: 'missing' }), 'NOT_FOUND');
    await expectTRPCError(visitor.mail.issues(), 'UNAUTHORIZED');
    await expectTRPCError(visitor.mail.saveDraft({ subject: 'x', body: '' }), 'UNAUTHORIZED');
    expect(await admin.mail.issues()).toEqual(before);
  });

  it('deletes a draft', async () => {
    const draft = await admin.mail.saveDraft({ subject: 'Temporary', body: '' });
    await admin.mail.deleteDraft({ id: draft.id });
    await expectTRPCError(admin.mail.issue({ id: draft.id }), 'NOT_FOUND');
  });
});

describe('preorder notices', () => {
  it("offers a published book's preorders, notifies each customer once with where to buy, through the queue", async () => {
    const book = await admin.books.create({
      ...validBook,
      title: 'The Hollow Throne',
      status: 'preorder',
      retailerLinks: [{ label: 'Bookshop', url: 'https://bookshop.org/hollow' }],
      editions: [
        { format: 'ebook', links: [{ url: 'https://www.kobo.com/hollow' }] },
        { format: 'hardcover', price: '$27.99', links: [] },
      ],
    } as never);
    const order = (email: string, preferredFormat: 'ebook' | 'hardcover') =>
      visitor.preorders.create({ bookId: book.id, customerName: 'Mara Quill', customerEmail: email, preferredFormat });
    await order('mara@example.org', 'ebook');
    await order('ivo@example.org', 'hardcover');
    expect((await admin.mail.preorderNotices()).find((entry) => entry.bookId === book.id)).toBeUndefined();

    await admin.books.update({
      id: book.id,
      data: {
        ...validBook,
        title: 'The Hollow Throne',
        status: 'published',
        retailerLinks: [{ label: 'Bookshop', url: 'https://bookshop.org/hollow' }],
        editions: [
          { format: 'ebook', links: [{ url: 'https://www.kobo.com/hollow' }] },
          { format: 'hardcover', price: '$27.99', links: [] },
        ],
      },
    } as never);
    expect((await admin.mail.preorderNotices()).find((entry) => entry.bookId === book.id)).toMatchObject({
      title: 'The Hollow Throne',
      waiting: 2,
      notified: 0,
    });
    const [first, second] = await Promise.all([
      admin.mail.notifyPreorders({ id: book.id }),
      admin.mail.notifyPreorders({ id: book.id }),
    ]);
    expect(first!.queued + second!.queued).toBe(2);
    const done = await until(
      () => admin.mail.preorderNotices(),
      (entries) => entries.find((entry) => entry.bookId === book.id)?.figures.sent === 2,
    );
    expect(done.find((entry) => entry.bookId === book.id)).toMatchObject({ waiting: 0, notified: 2 });
    const [notice] = inbox
      .to('mara@example.org')
      .filter((email) => email.headers.get('subject')?.includes('is out now'));
    expect(notice?.headers.get('subject')).toBe('The Hollow Throne is out now');
    // The shops of the edition asked for; the book's own links only for an edition that names none.
    expect(notice?.html).toContain('href="https://www.kobo.com/hollow"');
    expect(notice?.html).not.toContain('href="https://bookshop.org/hollow"');
    expect(notice?.text).toContain('ebook edition');
    const [hardcoverNotice] = inbox
      .to('ivo@example.org')
      .filter((email) => email.headers.get('subject')?.includes('is out now'));
    expect(hardcoverNotice?.text).toContain('hardcover edition');
    expect(hardcoverNotice?.html).toContain('href="https://bookshop.org/hollow"');
    expect(hardcoverNotice?.html).not.toContain('kobo.com');
    expect(notice?.html).toContain(`href="${PUBLIC_URL}/books/`);
    expect(
      (await admin.admin.preorders()).items
        .filter((p) => p.bookId === book.id)
        .every((p) => p.notifiedAt instanceof Date),
    ).toBe(true);
    // Never twice.
    expect(await admin.mail.notifyPreorders({ id: book.id })).toEqual({ queued: 0 });
    await expectTRPCError(admin.mail.notifyPreorders({ id: 'missing' }), 'NOT_FOUND');
  });
});

describe('author notices', () => {
  it('tells the author of a contact message (Reply-To: the visitor) and of a preorder, as the toggles say', async () => {
    await visitor.contact.send({ name: 'Ada Vale', email: 'ada@example.org', message: 'Hello\nfrom the marsh.' });
    await t.services.mailing.authorNotices.settled();
    const [notice] = inbox
      .to(AUTHOR_EMAIL)
      .filter((email) => email.headers.get('subject') === 'New message from Ada Vale');
    expect(notice?.headers.get('reply-to')).toBe('ada@example.org');
    expect(notice?.text).toContain('from the marsh.');

    await admin.settings.updateMail({ notifyAuthorOfContact: false });
    const before = inbox.to(AUTHOR_EMAIL).length;
    await visitor.contact.send({ name: 'Quiet One', email: 'q@example.org', message: 'Shh.' });
    await t.services.mailing.authorNotices.settled();
    expect(inbox.to(AUTHOR_EMAIL)).toHaveLength(before);
    await admin.settings.updateMail({ notifyAuthorOfContact: true });
  });

  it('never fails or delays the visitor when the relay is down', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'news@example.com', AUTHOR_EMAIL });
    try {
      const answer = await down.publicCaller().contact.send({ name: 'Ada', email: 'ada@example.org', message: 'Hi' });
      expect(answer.message).toBe('Message sent');
      await down.services.mailing.authorNotices.settled();
    } finally {
      await down.close();
    }
  });

  it('answers the visitor while the notice still waits on a relay that never speaks (ordered, not timed)', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    const connected = new Promise((resolve) => silent.once('connection', resolve));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const hung = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'news@example.com',
      AUTHOR_EMAIL,
      PUBLIC_URL: 'https://site.example',
    });
    try {
      let noticeSettled = false;
      const answer = await hung.publicCaller().contact.send({ name: 'Ada', email: 'ada@example.org', message: 'Hi' });
      void hung.services.mailing.authorNotices.settled().then(() => (noticeSettled = true));
      expect(answer.message).toBe('Message sent');
      // The visitor has the answer; the notice's relay has only now been reached and has said nothing.
      await connected;
      expect(noticeSettled).toBe(false);
      for (const socket of sockets) socket.destroy();
      await hung.services.mailing.authorNotices.settled();
      expect(noticeSettled).toBe(true);
    } finally {
      await hung.close();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

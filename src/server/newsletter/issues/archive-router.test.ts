import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postIssueMarkdown } from '../../../domain/newsletter-issues.js';
import { startMailQueueJob } from '../send-queue/mail-queue-job.js';
import { newId, timestampNow } from '../../db/row-conversion.js';
import { bearer } from '../../test-support/http.js';
import { imageUpload } from '../../test-support/multipart.js';
import { photo } from '../../test-support/photos.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox.js';
import { createTestApp, validBlogPost, validBook, type TestApp } from '../../test-support/test-app.js';
import { expectTRPCError, type Caller } from '../../test-support/trpc.js';

const PUBLIC_URL = 'https://site.example';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let inbox: SmtpInbox;
let t: TestApp;
let token: string;
let admin: Caller;
let visitor: Caller;
let stopQueue: () => Promise<void>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'news@example.com', PUBLIC_URL });
  token = await openAdminSession(t.services);
  admin = t.callerWithKey(token);
  visitor = t.publicCaller();
  stopQueue = startMailQueueJob({
    db: t.services.db,
    mailer: t.services.mailing.queueMailer,
    messages: t.services.mailing.queuedMessages,
    ratePerMinute: null,
    log: quiet,
    idlePollMs: 20,
  });
  const now = timestampNow();
  await t.services.db
    .insertInto('newsletterSubscriptions')
    .values({
      id: newId(),
      email: 'reader@example.org',
      isActive: 1,
      createdAt: now,
      confirmedAt: now,
      confirmationNonce: null,
      confirmationSentAt: null,
    })
    .execute();
});
afterAll(async () => {
  await stopQueue();
  await t.close();
  await inbox.close();
});

async function until<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  for (let waited = 0; ; waited += 25) {
    const value = read();
    if (done(value)) return value;
    if (waited > 10_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function uploadPhoto(width: number, height: number): Promise<string> {
  const body = imageUpload(await photo(width, height), 'photo.jpg', 'image/jpeg');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ path: string }>().path;
}

describe('publish and send, the web archive and "view in browser"', () => {
  it('a post sent as an issue links the post; the email has a view-in-browser link and sized images; the archive lists it only when opted in', async () => {
    const picture = await uploadPhoto(1600, 900);
    const post = await admin.blog.create({
      ...validBlogPost,
      title: 'The bell tower',
      content: `The bell had no tongue.\n\n![The tower at dusk](${picture})`,
      status: 'published',
    });
    const draft = await admin.mail.saveDraft({
      subject: post.title,
      preheader: post.summary,
      body: postIssueMarkdown(post),
      postId: post.id,
    });
    expect(draft).toMatchObject({ postId: post.id, inArchive: false });

    const { count } = await admin.mail.recipientCount();
    await admin.mail.send({ id: draft.id, expectedRecipients: count });
    const [email] = await until(
      () => inbox.to('reader@example.org'),
      (emails) => emails.length > 0,
    );
    // An uploaded image: one JPEG at most the column wide, with its width and height.
    expect(email!.html).toMatch(/<img [^>]*width="504" height="284"/);
    expect(email!.html).not.toContain('<picture');
    // The post's link is a tracked /r/ link (see analytics) that leads to the post.
    const postLink = /href="https:\/\/site\.example(\/r\/[^"]+)">Read “The bell tower” on the site/.exec(
      email!.html,
    )?.[1];
    expect(postLink, email!.html).toBeDefined();
    const followed = await t.app.inject({ method: 'GET', url: postLink! });
    expect(followed.statusCode).toBe(302);
    // The landing is marked as the newsletter's (utm_source), so the Overview's referrers name it.
    expect(followed.headers.location).toMatch(
      new RegExp(`^${PUBLIC_URL}/blog/${post.slug}\\?utm_source=newsletter&utm_medium=email&utm_campaign=`),
    );
    const viewUrl = /https:\/\/site\.example\/newsletter\/archive\/[^"?\s]+\?key=[\w.-]+/.exec(email!.text)?.[0];
    expect(viewUrl, email!.text).toBeDefined();
    expect(email!.html).toContain('View it in your browser');

    // Not in the archive: only the link's key opens it; a made-up or another issue's key does not.
    expect(await visitor.newsletterArchive.list()).toEqual([]);
    await expectTRPCError(visitor.newsletterArchive.issue({ id: draft.id }), 'NOT_FOUND');
    await expectTRPCError(visitor.newsletterArchive.issue({ id: draft.id, key: 'forged.key' }), 'NOT_FOUND');
    const key = new URL(viewUrl!).searchParams.get('key')!;
    const page = await visitor.newsletterArchive.issue({ id: draft.id, key });
    expect(page).toMatchObject({ subject: 'The bell tower', inArchive: false, post: { path: `/blog/${post.slug}` } });
    expect(page.bodyHtml).toContain('The bell had no tongue.');

    // Opted in: listed, and open to anyone (the public cache is cleared).
    await admin.mail.setInArchive({ id: draft.id, inArchive: true });
    expect((await visitor.newsletterArchive.list()).map((issue) => issue.id)).toEqual([draft.id]);
    expect((await visitor.newsletterArchive.issue({ id: draft.id })).inArchive).toBe(true);
    const rest = await t.app.inject({ method: 'GET', url: '/api/newsletter/archive' });
    expect(rest.json()).toHaveLength(1);
    await admin.mail.setInArchive({ id: draft.id, inArchive: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/newsletter/archive' })).json()).toEqual([]);
  });

  it('the welcome email: its "view in browser" link opens it (never listed), and its book link goes to the book', async () => {
    const book = await admin.books.create({ ...validBook, title: 'The First Ember', order: 1 });
    const reader = 'welcomed@example.org';
    await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: reader } });
    await t.services.newsletterMail.settled();
    const confirm = /https:\/\/site\.example(\/newsletter\/confirm\?token=[\w.~-]+)/.exec(
      inbox.to(reader)[0]!.text,
    )?.[1];
    expect((await t.app.inject({ method: 'POST', url: confirm! })).statusCode).toBe(200);
    const [, welcome] = await until(
      () => inbox.to(reader),
      (emails) => emails.length > 1,
    );
    const text = welcome!.text.replace(/\s+/g, ' ');
    expect(text).not.toContain('If a gift is waiting');

    const viewUrl = new URL(
      /https:\/\/site\.example\/newsletter\/archive\/[^"?\s]+\?key=[\w.-]+/.exec(welcome!.text)![0],
    );
    const id = viewUrl.pathname.split('/').at(-1)!;
    const page = await visitor.newsletterArchive.issue({ id, key: viewUrl.searchParams.get('key')! });
    expect(page).toMatchObject({ subject: 'Welcome to the Ashwardens', inSequence: true, inArchive: false });
    expect(page.bodyHtml).toContain(`/books/${book.slug}`);
    const rest = await t.app.inject({
      method: 'GET',
      url: `${viewUrl.pathname.replace('/newsletter', '/api/newsletter')}${viewUrl.search}`,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    // Without its key it stays closed, and it can never be listed.
    await expectTRPCError(visitor.newsletterArchive.issue({ id }), 'NOT_FOUND');
    await expectTRPCError(admin.mail.setInArchive({ id, inArchive: true }), 'CONFLICT', /never listed/);
    expect((await visitor.newsletterArchive.list()).map((issue) => issue.id)).not.toContain(id);

    // "Starting with <the first book>" leads to that book's page, not the list of books.
    const bookLink = /href="https:\/\/site\.example(\/r\/[^"]+)"[^>]*>The First Ember</.exec(welcome!.html)?.[1];
    expect(bookLink, welcome!.html).toBeDefined();
    const followed = await t.app.inject({ method: 'GET', url: bookLink! });
    expect(followed.headers.location).toMatch(
      new RegExp(`^${PUBLIC_URL}/books/${book.slug}\\?utm_source=newsletter&utm_medium=email&utm_campaign=`),
    );
  });

  it('a draft is never shown, nor archived; bad input answers 4xx', async () => {
    const draft = await admin.mail.saveDraft({ subject: 'Unsent', preheader: '', body: 'Secret', inArchive: true });
    expect(draft.inArchive).toBe(true);
    await expectTRPCError(visitor.newsletterArchive.issue({ id: draft.id }), 'NOT_FOUND');
    await expectTRPCError(admin.mail.setInArchive({ id: draft.id, inArchive: true }), 'CONFLICT');
    await expectTRPCError(admin.mail.setInArchive({ id: 'nope', inArchive: true }), 'NOT_FOUND');
    await expectTRPCError(visitor.mail.setInArchive({ id: draft.id, inArchive: false }), 'UNAUTHORIZED');
    expect(await visitor.newsletterArchive.list()).toEqual([]);
    const answers = await Promise.all(
      ['/api/newsletter/archive/nope', `/api/newsletter/archive/${draft.id}?key=${'x'.repeat(400)}`].map((url) =>
        t.app.inject({ method: 'GET', url }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 400]);
  });
});

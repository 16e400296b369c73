import { afterAll, describe, expect, it } from 'vitest';
import { sampleGiftFile } from '../test-support/gift-files.js';
import { multipartBody } from '../test-support/multipart.js';
import { openAdminSession } from '../test-support/sessions.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, validPreorderBook, type TestApp } from '../test-support/test-app.js';
import { startTestMailWorker } from '../test-support/mail-worker.js';

/**
 * Issue 30, item 4: every email a visitor's request sends takes its links from one rule
 * (mailLinkOrigin: PUBLIC_URL, else a loopback Host only). Each kind — the sign-up confirmation,
 * the welcome email a confirmation starts, the gift's new link, a preorder's receipt and the
 * author's notices of a message or a preorder — is asked for with a forged Host, all at once, from
 * many addresses; the SMTP capture must hold no evil.test link. Then the README's PUBLIC_URL row:
 * with PUBLIC_URL set, the same forged requests send their mail, with PUBLIC_URL's links.
 */
const AUTHOR = 'author@example.com';
const FORGED: Array<Record<string, string>> = [
  { host: 'evil.test' },
  { host: 'evil.test:3000' },
  { host: 'localhost', 'x-forwarded-host': 'evil.test' },
  { host: 'localhost.evil.test' },
];
const LOCAL = { host: 'localhost:3000' };

type Site = { t: TestApp; inbox: SmtpInbox; stop: () => Promise<void> };
const open: Site[] = [];
afterAll(async () => {
  for (const site of open) {
    await site.stop();
    await site.t.close();
    await site.inbox.close();
  }
});

async function startSite(env: Record<string, string>): Promise<Site> {
  const inbox = await startSmtpInbox();
  const t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'news@example.com',
    AUTHOR_EMAIL: AUTHOR,
    TRUST_PROXY: 'true',
    // The set-up signs many readers up from one address: lift the per-network hourly budget (signup-abuse/ tests it).
    CONFIRMATIONS_PER_NETWORK_PER_HOUR: '1000',
    ...env,
  });
  const stop = startTestMailWorker(t);
  const site = { t, inbox, stop };
  open.push(site);
  return site;
}

function linkIn(email: ReceivedEmail, pathname: string): string {
  const link = new RegExp(`https?://[^\\s"<>\\]]+${pathname}\\?token=[A-Za-z0-9_.~-]+`).exec(email.text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in:\n${email.text}`);
  return `${new URL(link).pathname}${new URL(link).search}`;
}

async function waitForMail(inbox: SmtpInbox, address: string, count: number): Promise<ReceivedEmail[]> {
  for (let waited = 0; inbox.to(address).length < count; waited += 25) {
    if (waited > 15_000) throw new Error(`no email ${count} for ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return inbox.to(address);
}

/** An active gift with a file, a preorder book, and `readers` confirmed readers (through localhost) with their gift links. */
async function prepare({ t, inbox }: Site, readers: number, prefix: string) {
  const admin = t.callerWithKey(await openAdminSession(t.services));
  const gift = await admin.gift.save({ title: 'The Marshal’s Ledger', description: '', coverImage: '' });
  const { payload, headers } = multipartBody([
    { field: 'file', filename: 'ledger.pdf', content: sampleGiftFile('pdf') },
  ]);
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/admin/gifts/${gift.id}/files`,
    payload,
    headers: { ...headers, authorization: `Bearer ${await openAdminSession(t.services)}` },
  });
  expect(upload.statusCode, upload.body).toBe(201);
  await admin.gift.activate({ id: gift.id });
  const book = await admin.books.create({ ...validPreorderBook, title: 'Ashfall' });
  const giftActions: string[] = [];
  for (let n = 0; n < readers; n++) {
    const email = `${prefix}-reader-${n}@example.org`;
    await t.app.inject({ method: 'POST', url: '/api/newsletter', headers: LOCAL, payload: { email } });
    await t.services.newsletterMail.settled();
    const confirm = linkIn(inbox.to(email)[0]!, '/newsletter/confirm');
    expect((await t.app.inject({ method: 'POST', url: confirm, headers: LOCAL })).statusCode).toBe(200);
    const [, welcome] = await waitForMail(inbox, email, 2);
    giftActions.push(linkIn(welcome!, '/newsletter/gift').replace('/newsletter/gift?', '/newsletter/gift/new-link?'));
  }
  // Readers who signed up (through localhost) and confirm their address with a forged Host.
  const pendingConfirms: string[] = [];
  for (let n = 0; n < readers; n++) {
    const email = `${prefix}-pending-${n}@example.org`;
    await t.app.inject({ method: 'POST', url: '/api/newsletter', headers: LOCAL, payload: { email } });
    await t.services.newsletterMail.settled();
    pendingConfirms.push(linkIn(inbox.to(email)[0]!, '/newsletter/confirm'));
  }
  return { bookId: book.id, giftActions, pendingConfirms };
}

/** Every kind of visitor-sent email, asked for with a forged Host, in parallel from many addresses. */
async function forgeAll(site: Site, prepared: Awaited<ReturnType<typeof prepare>>, prefix: string) {
  const { t } = site;
  const requests = [
    ...prepared.giftActions.map((url, n) => ({ method: 'POST' as const, url, kind: 'gift link', n })),
    ...prepared.pendingConfirms.map((url, n) => ({ method: 'POST' as const, url, kind: 'welcome', n })),
    ...Array.from({ length: 12 }, (_, n) => ({
      method: 'POST' as const,
      url: '/api/newsletter',
      payload: { email: `${prefix}-signup-${n}@example.org` },
      kind: 'confirmation',
      n,
    })),
    ...Array.from({ length: 12 }, (_, n) => ({
      method: 'POST' as const,
      url: '/api/contact',
      payload: { name: 'Mallory', email: `${prefix}-contact-${n}@example.org`, message: 'Open the admin' },
      kind: 'contact notice',
      n,
    })),
    ...Array.from({ length: 12 }, (_, n) => ({
      method: 'POST' as const,
      url: '/api/preorders',
      payload: {
        bookId: prepared.bookId,
        customerName: 'Mara',
        customerEmail: `${prefix}-buyer-${n}@example.org`,
        preferredFormat: 'ebook',
      },
      kind: 'preorder receipt and notice',
      n,
    })),
  ];
  const answers = await Promise.all(
    requests.map(({ kind: _kind, n, ...request }, index) =>
      t.app.inject({ ...request, headers: FORGED[index % FORGED.length]!, remoteAddress: `10.44.${index}.${n}` }),
    ),
  );
  answers.forEach((res, index) => expect(res.statusCode, `${requests[index]!.kind}: ${res.body}`).toBeLessThan(300));
  await Promise.all([
    t.services.newsletterMail.settled(),
    t.services.mailing.authorNotices.settled(),
    t.services.mailing.preorderMail.settled(),
  ]);
  // The welcome email goes through the send queue: give its worker time to pick anything up.
  await new Promise((resolve) => setTimeout(resolve, 400));
}

describe('links in mail a visitor’s request sends, with a forged Host', () => {
  it('without PUBLIC_URL: no email of any kind goes out with an evil.test link (none goes out at all)', async () => {
    const site = await startSite({});
    const prepared = await prepare(site, 4, 'bare');
    const before = site.inbox.received.length;
    await forgeAll(site, prepared, 'bare');
    const sent = site.inbox.received.slice(before);
    for (const email of sent) for (const part of [email.raw, email.text, email.html]) expect(part).not.toMatch(/evil/);
    expect(sent.map((email) => `${email.rcptTo.join()}: ${email.headers.get('subject')}`)).toEqual([]);
  });

  it('with PUBLIC_URL (the README row): each kind is sent, with PUBLIC_URL’s links and never the Host’s', async () => {
    const site = await startSite({ PUBLIC_URL: 'https://site.example' });
    const prepared = await prepare(site, 4, 'public');
    const before = site.inbox.received.length;
    await forgeAll(site, prepared, 'public');
    const sent = site.inbox.received.slice(before);
    for (const email of sent) {
      for (const part of [email.raw, email.text, email.html]) expect(part).not.toMatch(/evil/);
      expect(email.raw).not.toContain('localhost');
    }
    const to = (pattern: RegExp) => sent.filter((email) => email.rcptTo.some((address) => pattern.test(address)));
    expect(to(/^public-reader-/)).toHaveLength(4); // new gift links
    expect(to(/^public-pending-/)).toHaveLength(4); // welcome emails
    expect(to(/^public-signup-/)).toHaveLength(12); // confirmations
    expect(to(/^public-buyer-/)).toHaveLength(12); // preorder receipts
    expect(to(new RegExp(`^${AUTHOR}$`))).toHaveLength(24); // notices of a message or a preorder
    for (const email of to(/^public-(reader|pending|signup)-/))
      expect(email.text).toMatch(/https:\/\/site\.example\/newsletter\/(gift|confirm|preferences)/);
  });
});

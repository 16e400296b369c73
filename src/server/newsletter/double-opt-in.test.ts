import { createServer } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../site/rate-limit/request-limits.js';
import { loadOrCreateSecret } from '../auth/site-secrets-repository.js';
import { createFakeClientBuild } from '../test-support/fake-client-build.js';
import { getList } from '../test-support/http.js';
import { openAdminSession } from '../test-support/sessions.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { NewsletterTokens } from './newsletter-tokens.js';

const PUBLIC_URL = 'https://site.example';
const MAIL_FROM = 'Delphine Rook <news@example.com>';

type Listed = { id: string; email: string; isActive: boolean; confirmedAt: string | null; status: string };

let inbox: SmtpInbox;
let t: TestApp;
let adminToken: string;
let counter = 0;
const newEmail = () => `reader-${++counter}-${Date.now()}@example.org`;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  // Every sign-up here comes from one address (one network): lift the per-network hourly budget, which
  // signup-abuse/ tests, so each confirmation leaves at once.
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM, PUBLIC_URL, CONFIRMATIONS_PER_NETWORK_PER_HOUR: '1000' });
  adminToken = await openAdminSession(t.services);
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const subscribe = (email: string, app = t) =>
  app.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });

/** The emails sent to the address, once every background send has finished. */
async function mailTo(email: string, app = t): Promise<ReceivedEmail[]> {
  await app.services.newsletterMail.settled();
  return inbox.to(email);
}

async function subscriber(email: string): Promise<Listed | undefined> {
  const list = await getList<Listed>(t.app, '/api/admin/newsletter', adminToken);
  return list.find((row) => row.email === email);
}

function linkIn(email: ReceivedEmail, pathname: string): string {
  const pattern = new RegExp(`https?://[^\\s"<>\\]]+${pathname}\\?token=[A-Za-z0-9_.~-]+`);
  const link = pattern.exec(email.text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in:\n${email.text}`);
  return link;
}

/** The path and query of an absolute link, to follow it through the app. */
const local = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

const follow = (link: string) => t.app.inject({ method: 'GET', url: local(link) });

function expectPage(res: LightMyRequestResponse, status: number, heading: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).toContain(`<h1>${heading.replace("'", '&#39;')}</h1>`);
}

const EXPIRED = 'This link has expired — subscribe again';
const ASKS = 'One last step';

/** What the confirm page's button sends: a POST back to the link (no body needed). */
const press = (link: string) =>
  t.app.inject({
    method: 'POST',
    url: local(link),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

/** Opens a confirmation link as a reader does: the page asks, its button confirms. */
async function confirmThrough(link: string) {
  expectPage(await follow(link), 200, ASKS);
  expectPage(await press(link), 200, "You're in");
}

describe('subscribing sends a confirmation email', () => {
  it('keeps the answer (201), stores a pending subscription and mails a signed link with every header', async () => {
    const email = newEmail();
    const res = await subscribe(email);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), message: 'Subscribed' });
    expect(await subscriber(email)).toMatchObject({ isActive: true, confirmedAt: null, status: 'pending' });

    const [sent, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(sent!.mailFrom).toBe('news@example.com');
    expect(sent!.headers.get('from')).toBe(MAIL_FROM);
    expect(sent!.headers.get('to')).toBe(email);
    expect(sent!.headers.get('subject')).toBe('Confirm your subscription to The Cinderwake Cycle');
    expect(sent!.headers.get('message-id')).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
    expect(sent!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(sent!.headers.get('list-unsubscribe')).toMatch(
      /^<https:\/\/site\.example\/newsletter\/unsubscribe\?token=[\w.~-]+>, <mailto:news@example\.com\?subject=unsubscribe>$/,
    );
    // Both parts carry the same absolute links, all on PUBLIC_URL.
    const confirmLink = linkIn(sent!, '/newsletter/confirm');
    expect(confirmLink.startsWith(`${PUBLIC_URL}/newsletter/confirm?token=`)).toBe(true);
    expect(sent!.html).toContain(`href="${confirmLink}"`);
    const hrefs = [...sent!.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    for (const href of hrefs) expect(href.startsWith(`${PUBLIC_URL}/`), href).toBe(true);
    expect(sent!.html).toContain('background-color:#0e0c0b');
    // The token names the subscription by its random id, never the address.
    const token = new URL(confirmLink).searchParams.get('token')!;
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString()).not.toContain(email.split('@')[0]);
  });

  it("confirms only on the page's button (a scanner's GET confirms nothing); the used link says You're in again", async () => {
    const email = newEmail();
    await subscribe(email);
    const [sent] = await mailTo(email);
    const link = linkIn(sent!, '/newsletter/confirm');

    // A mail scanner opens the link first, several times: the page only asks.
    for (const res of await Promise.all([follow(link), follow(link), follow(link)])) {
      expectPage(res, 200, ASKS);
      expect(res.body).toContain(`<form method="post" action="/newsletter/confirm?token=`);
      expect(res.body).toContain('<button type="submit">Confirm my subscription</button>');
    }
    expect(await subscriber(email)).toMatchObject({ status: 'pending', confirmedAt: null });

    // The reader presses the button (twice, at once): confirmed once, both told so.
    for (const res of await Promise.all([press(link), press(link)])) expectPage(res, 200, "You're in");
    const confirmed = await subscriber(email);
    expect(confirmed).toMatchObject({ isActive: true, status: 'active', confirmedAt: expect.any(String) });

    // The used link, opened again or pressed again: "You're in", not the expired page.
    for (const res of await Promise.all([follow(link), press(link)])) {
      expectPage(res, 200, "You're in");
      expect(res.body).toContain('Successfully subscribed!');
      // It leads back into the site, in the site's header.
      expect(res.body).toContain('<a class="brand" href="/">The Cinderwake Cycle</a>');
      expect(res.body).toContain('href="/books"');
    }
    expect(await subscriber(email)).toEqual(confirmed);
    // Subscribing a confirmed address again: 409, and no email.
    expect((await subscribe(email)).statusCode).toBe(409);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it("an expired link of a confirmed subscriber still says You're in; of an unsubscribed one, expired", async () => {
    const email = newEmail();
    const { id } = (await subscribe(email)).json<{ id: string }>();
    const [sent] = await mailTo(email);
    await confirmThrough(linkIn(sent!, '/newsletter/confirm'));
    const tokens = new NewsletterTokens(await loadOrCreateSecret(t.services.db, 'newsletter-links'));
    const expired = tokens.confirmToken({ subscriptionId: id, nonce: 'old', expiresAt: Date.now() - 1 });
    expectPage(await follow(`${PUBLIC_URL}/newsletter/confirm?token=${expired}`), 200, "You're in");
    await t.services.db.updateTable('newsletterSubscriptions').set({ isActive: 0 }).where('id', '=', id).execute();
    expectPage(await follow(`${PUBLIC_URL}/newsletter/confirm?token=${expired}`), 410, EXPIRED);
  });

  it('answers tampered, foreign, expired or missing tokens with the expired page (4xx) and changes nothing', async () => {
    const email = newEmail();
    const { id } = (await subscribe(email)).json<{ id: string }>();
    const [sent] = await mailTo(email);
    const link = linkIn(sent!, '/newsletter/confirm');
    const token = new URL(link).searchParams.get('token')!;
    const [payload, signature] = token.split('.') as [string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const tokens = new NewsletterTokens(await loadOrCreateSecret(t.services.db, 'newsletter-links'));
    const otherKey = new NewsletterTokens(Buffer.alloc(32, 7));
    const nonce = Buffer.from(payload, 'base64url').toString().split('~')[1]!;
    const before = await subscriber(email);

    const refused: [string, number][] = [
      [`token=${payload}.${flip(signature, 0)}`, 400],
      [`token=${payload}.${flip(signature, signature.length - 1)}`, 400],
      [`token=${flip(payload, 2)}.${signature}`, 400],
      [`token=${payload}`, 400],
      [`token=${token}.extra`, 400],
      ['token=', 400],
      ['', 400],
      [`token=${token}&token=${token}`, 400],
      [`token=${'A'.repeat(5000)}`, 400],
      [`token=${encodeURIComponent('<script>alert(1)</script>')}`, 400],
      [`token=${tokens.unsubscribeToken(id)}`, 400],
      [`token=${otherKey.confirmToken({ subscriptionId: id, nonce, expiresAt: Date.now() + 60_000 })}`, 400],
      [`token=${tokens.confirmToken({ subscriptionId: id, nonce, expiresAt: Date.now() - 1 })}`, 410],
      [`token=${tokens.confirmToken({ subscriptionId: id, nonce: 'guessed', expiresAt: Date.now() + 60_000 })}`, 410],
    ];
    for (const method of ['GET', 'POST'] as const) {
      const answers = await Promise.all(
        refused.map(([query]) => t.app.inject({ method, url: `/newsletter/confirm?${query}`, payload: '' })),
      );
      answers.forEach((res, index) => {
        expectPage(res, refused[index]![1], EXPIRED);
        expect(res.body).not.toContain('<script>alert');
      });
    }
    const head = await t.app.inject({ method: 'HEAD', url: local(link) });
    expect(head.statusCode).toBe(404);
    expect(await subscriber(email)).toEqual(before);
    // The real link still works afterwards.
    await confirmThrough(link);
  });

  it('re-sends to an unconfirmed address that signs up again, at most once a day however hard it is pushed', async () => {
    const email = newEmail();
    expect((await subscribe(email)).statusCode).toBe(201);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, n) => subscribe(n % 2 ? email.toUpperCase() : ` ${email} `)),
    );
    for (const res of burst) expect(res.statusCode).toBe(409);
    for (const res of burst) expect(res.json()).toEqual({ error: 'This email is already subscribed' });
    expect(await mailTo(email)).toHaveLength(1);

    // A day on, signing up again sends the link once more (a burst still gets one).
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString();
    await t.services.db
      .updateTable('newsletterSubscriptions')
      .set({ confirmationSentAt: dayAgo })
      .where('email', '=', email)
      .execute();
    await t.services.db
      .updateTable('confirmationMailboxes')
      .set({ sentAt: dayAgo })
      .where('mailbox', '=', email.toLowerCase())
      .execute();
    await Promise.all(Array.from({ length: 10 }, () => subscribe(email)));
    const sent = await mailTo(email);
    expect(sent).toHaveLength(2);
    expect(linkIn(sent[1]!, '/newsletter/confirm')).toMatch(/^https:\/\/site\.example\//);
    await confirmThrough(linkIn(sent[1]!, '/newsletter/confirm'));
  });

  it('sends nothing for a filled honeypot or an invalid address', async () => {
    const email = newEmail();
    await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email, website: 'spam' } });
    expect((await subscribe('not-an-address')).statusCode).toBe(400);
    expect(await mailTo(email)).toEqual([]);
    expect(await subscriber(email)).toBeUndefined();
  });
});

describe('unsubscribing', () => {
  async function subscribedReader() {
    const email = newEmail();
    await subscribe(email);
    const [sent] = await mailTo(email);
    await confirmThrough(linkIn(sent!, '/newsletter/confirm'));
    const header = sent!.headers.get('list-unsubscribe')!;
    const link = /<(https:[^>]+)>/.exec(header)![1]!;
    expect(linkIn(sent!, '/newsletter/unsubscribe')).toBe(link);
    return { email, link, sent: sent! };
  }

  const oneClick = (link: string, payload = 'List-Unsubscribe=One-Click', type = 'application/x-www-form-urlencoded') =>
    t.app.inject({ method: 'POST', url: local(link), headers: { 'content-type': type }, payload });

  it('GET only asks, with a button posting one-click back; the POST unsubscribes, idempotently', async () => {
    const { email, link } = await subscribedReader();
    const page = await follow(link);
    expectPage(page, 200, 'Unsubscribe from the newsletter?');
    expect(page.body).toContain('<form method="post" action="/newsletter/unsubscribe?token=');
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    expect((await subscriber(email))?.status).toBe('active');

    const answers = await Promise.all([oneClick(link), oneClick(link), oneClick(link)]);
    for (const res of answers) expectPage(res, 200, "You're unsubscribed");
    expect(await subscriber(email)).toMatchObject({ isActive: false, status: 'unsubscribed' });
  });

  it("takes a mail client's multipart one-click and one with no body", async () => {
    const first = await subscribedReader();
    const boundary = 'x-boundary';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    expect((await oneClick(first.link, multipart, `multipart/form-data; boundary=${boundary}`)).statusCode).toBe(200);
    expect((await subscriber(first.email))?.status).toBe('unsubscribed');

    const second = await subscribedReader();
    expect((await t.app.inject({ method: 'POST', url: local(second.link) })).statusCode).toBe(200);
    expect((await subscriber(second.email))?.status).toBe('unsubscribed');
  });

  it('refuses a tampered or confirmation token (400) and unsubscribes nobody', async () => {
    const { email, link, sent } = await subscribedReader();
    const confirmLink = linkIn(sent, '/newsletter/confirm');
    const token = new URL(link).searchParams.get('token')!;
    const bad = [
      `/newsletter/unsubscribe?token=${token.slice(0, -2)}xx`,
      `/newsletter/unsubscribe?token=${new URL(confirmLink).searchParams.get('token')}`,
      '/newsletter/unsubscribe',
      `/newsletter/unsubscribe?token[a]=1`,
    ];
    const answers = await Promise.all(
      bad.flatMap((url) => [
        t.app.inject({ method: 'GET', url }),
        t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'text/plain' },
          payload: 'List-Unsubscribe=One-Click',
        }),
      ]),
    );
    for (const res of answers) expectPage(res, 400, 'This unsubscribe link is not valid');
    const tooBig = await oneClick(link, 'x'.repeat(10_000));
    expect(tooBig.statusCode).toBe(413);
    expect((await subscriber(email))?.status).toBe('active');
  });

  it('signing up again after unsubscribing asks for a new confirmation; the old link is dead', async () => {
    const { email, link, sent } = await subscribedReader();
    await oneClick(link);
    const again = await subscribe(email);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ message: 'Welcome back' });
    expect(await subscriber(email)).toMatchObject({ isActive: true, status: 'pending', confirmedAt: null });

    const mails = await mailTo(email);
    expect(mails).toHaveLength(2);
    expectPage(await follow(linkIn(sent, '/newsletter/confirm')), 410, EXPIRED);
    await confirmThrough(linkIn(mails[1]!, '/newsletter/confirm'));
  });

  it('a pending confirmation link dies when the address unsubscribes first', async () => {
    const email = newEmail();
    await subscribe(email);
    const [sent] = await mailTo(email);
    await oneClick(linkIn(sent!, '/newsletter/unsubscribe'));
    expectPage(await follow(linkIn(sent!, '/newsletter/confirm')), 410, EXPIRED);
    expect((await subscriber(email))?.status).toBe('unsubscribed');
  });
});

describe('links and delivery problems', () => {
  it('uses the request origin for links when PUBLIC_URL is unset and the site is used on this machine', async () => {
    const app = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'news@site.test' });
    try {
      const email = newEmail();
      await app.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        headers: { host: 'localhost:8080' },
        payload: { email },
      });
      const [sent] = await mailTo(email, app);
      expect(linkIn(sent!, '/newsletter/confirm').startsWith('http://localhost:8080/newsletter/confirm?token=')).toBe(
        true,
      );
      // A sender on an unreachable domain gets no mailto.
      expect(sent!.headers.get('list-unsubscribe')).toMatch(
        /^<http:\/\/localhost:8080\/newsletter\/unsubscribe\?token=[^>]+>$/,
      );
    } finally {
      await app.close();
    }
  });

  it('a relay that is down never fails the sign-up; the next sign-up tries again', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${closedPort}`, MAIL_FROM });
    try {
      const email = newEmail();
      const res = await subscribe(email, app);
      expect(res.statusCode).toBe(201);
      await app.services.newsletterMail.settled();
      const row = await app.services.db
        .selectFrom('newsletterSubscriptions')
        .select(['confirmationSentAt', 'confirmedAt'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ confirmationSentAt: null, confirmedAt: null });
    } finally {
      await app.close();
    }
  });

  it('counts link pages against the per-address read limit: past it, a 429 page with Retry-After', async () => {
    const app = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      type Request = ['GET' | 'POST', string];
      const open = ([method, url]: Request, remoteAddress = '10.9.9.9') =>
        app.app.inject({ method, url, remoteAddress });
      const requests: Request[] = [
        ['GET', '/newsletter/confirm?token=x'],
        ['GET', '/newsletter/unsubscribe?token=x'],
        ['POST', '/newsletter/unsubscribe?token=x'],
      ];
      const answers = await Promise.all(
        Array.from({ length: LIMITS.publicRead.limit + 3 }, (_, n) => open(requests[n % requests.length]!)),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 400)).toHaveLength(LIMITS.publicRead.limit);
      const refused = answers.filter((res) => res.statusCode === 429);
      expect(refused).toHaveLength(3);
      for (const res of refused) {
        expectPage(res, 429, 'Too many requests');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another address is not affected.
      expect((await open(requests[0]!, '10.9.9.10')).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('the no-JavaScript form post sends the same confirmation', async () => {
    const build = await createFakeClientBuild();
    const app = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM, PUBLIC_URL }, { clientDir: build.clientDir });
    try {
      const email = newEmail();
      const res = await app.app.inject({
        method: 'POST',
        url: '/newsletter',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email, website: '' }).toString(),
      });
      expect(res.statusCode, res.body).toBe(303);
      const [sent] = await mailTo(email, app);
      expect(linkIn(sent!, '/newsletter/confirm').startsWith(`${PUBLIC_URL}/newsletter/confirm?token=`)).toBe(true);
    } finally {
      await app.close();
      await build.remove();
    }
  });
});

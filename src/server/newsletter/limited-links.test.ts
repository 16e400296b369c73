import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../site/rate-limit/request-limits.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * Issue 25, item 3: a confirm or unsubscribe request refused by the per-address limit must
 * change nothing (the handler once went on after its 429 because the reply is thenable).
 */
const PUBLIC_URL = 'https://site.example';

let inbox: SmtpInbox;
let t: TestApp;
let counter = 0;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'news@example.com', PUBLIC_URL, RATE_LIMITS: 'on' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

function linkIn(email: ReceivedEmail, pathname: string): string {
  const link = new RegExp(`https?://[^\\s"<>\\]]+${pathname}\\?token=[A-Za-z0-9_.~-]+`).exec(email.text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in:\n${email.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** A new pending subscriber (signed up from its own address) and the links of its confirmation email. */
async function pendingReader() {
  const email = `limited-${++counter}-${Date.now()}@example.org`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email },
    remoteAddress: `10.77.0.${counter}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.services.newsletterMail.settled();
  const [sent] = inbox.to(email);
  return {
    email,
    confirm: linkIn(sent!, '/newsletter/confirm'),
    unsubscribe: linkIn(sent!, '/newsletter/unsubscribe'),
  };
}

const row = (email: string) =>
  t.services.db
    .selectFrom('newsletterSubscriptions')
    .select(['isActive', 'confirmedAt', 'confirmationNonce'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

/** Uses up the address's read limit with harmless requests. */
async function exhaust(remoteAddress: string) {
  const answers = await Promise.all(
    Array.from({ length: LIMITS.publicRead.limit }, () =>
      t.app.inject({ method: 'GET', url: '/newsletter/confirm?token=x', remoteAddress }),
    ),
  );
  expect(answers.every((res) => res.statusCode === 400)).toBe(true);
}

const ADDRESSES = ['10.66.0.1', '10.66.0.2', '10.66.0.3', '2001:db8:66::1'];

describe('a link request over the limit changes nothing', () => {
  it('confirm and unsubscribe (GET and one-click POST) refused with 429 from many addresses, in parallel', async () => {
    const reader = await pendingReader();
    const before = await row(reader.email);
    expect(before).toMatchObject({ confirmedAt: null });
    expect(Boolean(before.isActive)).toBe(true);

    await Promise.all(ADDRESSES.map(exhaust));
    const attack = (remoteAddress: string): Promise<LightMyRequestResponse>[] => [
      ...Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: reader.confirm, remoteAddress })),
      // The confirmation page's button: the POST that confirms.
      ...Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: reader.confirm, remoteAddress })),
      ...Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: reader.unsubscribe,
          remoteAddress,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        }),
      ),
    ];
    const answers = await Promise.all(ADDRESSES.flatMap(attack));
    for (const res of answers) {
      expect(res.statusCode).toBe(429);
      expect(res.body).toContain('<h1>Too many requests</h1>');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await row(reader.email)).toEqual(before);

    // The same links from an address under its limit still act.
    const fresh = '10.66.1.1';
    expect((await t.app.inject({ method: 'POST', url: reader.confirm, remoteAddress: fresh })).statusCode).toBe(200);
    expect((await row(reader.email)).confirmedAt).not.toBeNull();
    const unsubscribed = await t.app.inject({ method: 'POST', url: reader.unsubscribe, remoteAddress: fresh });
    expect(unsubscribed.statusCode).toBe(200);
    expect(Boolean((await row(reader.email)).isActive)).toBe(false);
  });
});

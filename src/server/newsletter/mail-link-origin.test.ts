import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLinkOrigin } from '../site/http/site-origin.js';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * Issue 25, item 9: without PUBLIC_URL the links in a confirmation (or an author notice) must
 * not follow a forged Host or X-Forwarded-Host. Only a request that came to this machine by a
 * loopback name (npm start used locally) may lend its origin; anything else sends no email.
 */
const AUTHOR = 'author@example.com';

let inbox: SmtpInbox;
let t: TestApp;
let counter = 0;
const newEmail = () => `origin-${++counter}-${Date.now()}@example.org`;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  // Behind a proxy that is trusted, X-Forwarded-Host is read as the request's host.
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'news@example.com',
    AUTHOR_EMAIL: AUTHOR,
    TRUST_PROXY: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const settled = () => Promise.all([t.services.newsletterMail.settled(), t.services.mailing.authorNotices.settled()]);

const FORGED: Array<Record<string, string>> = [
  { host: 'evil.test' },
  { host: 'evil.test:3000' },
  { host: 'localhost', 'x-forwarded-host': 'evil.test' },
  { host: 'localhost.evil.test' },
  { host: '127.0.0.1.evil.test' },
  { host: 'evil.test@localhost' },
  { host: '203.0.113.7:3000' },
];

describe('links in mail without PUBLIC_URL', () => {
  it('sends no confirmation and no author notice for a forged Host, 140 sign-ups and messages from 70 addresses', async () => {
    const before = inbox.received.length;
    const emails: string[] = [];
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, n) => {
        const email = newEmail();
        emails.push(email);
        const headers = FORGED[n % FORGED.length]!;
        const remoteAddress = `10.33.0.${n}`;
        return Promise.all([
          t.app.inject({ method: 'POST', url: '/api/newsletter', headers, payload: { email }, remoteAddress }),
          t.app.inject({
            method: 'POST',
            url: '/api/contact',
            headers,
            payload: { name: 'Mallory', email, message: 'Open the admin' },
            remoteAddress,
          }),
        ]);
      }),
    );
    for (const res of answers.flat()) expect(res.statusCode, res.body).toBe(201);
    await settled();
    expect(inbox.received.slice(before)).toEqual([]);

    // Each sign-up is kept, pending: once the site is reached properly, signing up again sends the link.
    const [email] = emails;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { host: 'localhost:3000' },
      payload: { email },
    });
    expect(again.statusCode).toBe(409);
    await settled();
    const [sent] = inbox.to(email!);
    expect(sent?.text).toMatch(/http:\/\/localhost:3000\/newsletter\/confirm\?token=/);
    expect(sent?.text).not.toContain('evil.test');
  });

  it('on this machine (npm start, nothing set) the confirmation and the notice go out with its own links', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'reader.localhost']) {
      const email = newEmail();
      const headers = { host };
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/newsletter', headers, payload: { email } })).statusCode,
      ).toBe(201);
      await settled();
      const [sent] = inbox.to(email);
      expect(sent?.text, host).toContain(`http://${host}/newsletter/confirm?token=`);
    }
  });

  it('always uses PUBLIC_URL when it is set, whatever the Host says', () => {
    expect(mailLinkOrigin('https://site.example', { protocol: 'http', host: 'evil.test' })).toBe(
      'https://site.example',
    );
    expect(mailLinkOrigin(null, { protocol: 'http', host: 'evil.test' })).toBeNull();
    expect(mailLinkOrigin(null, { protocol: 'http', host: 'LOCALHOST:3000' })).toBe('http://localhost:3000');
    expect(mailLinkOrigin(null, { protocol: 'http', host: '127.1:3000' })).toBe('http://127.0.0.1:3000');
    expect(mailLinkOrigin(null, {})).toBeNull();
  });
});

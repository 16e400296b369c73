import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readEmail, startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox.js';
import { renderConfirmationEmail } from '../confirmation-email.js';
import { createMailer, type MailLog } from './mailer.js';

const from = { name: 'Delphine Rook', address: 'news@example.com' };

let dataDir: string;
const logged: string[] = [];
const log = (): MailLog => ({ info: (_fields, message) => logged.push(message) });

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mailer-test-'));
  logged.length = 0;
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function sampleEmail() {
  const { html, text } = await renderConfirmationEmail({
    confirmUrl: 'https://site.example/newsletter/confirm?token=abc',
    unsubscribeUrl: 'https://site.example/newsletter/unsubscribe?token=def',
    siteUrl: 'https://site.example/',
    notMeUrl: 'https://site.example/newsletter/not-me?token=ghi',
    requestedAt: 'Nov 25, 2026 at 18:40 UTC',
  });
  return { to: 'reader@example.org', subject: 'Test — ünïcode', html, text, headers: { 'X-Test': 'yes' } };
}

describe('renderEmail (the confirmation email)', () => {
  it('gives a dark HTML part made of tables and inline styles, and a plain-text part with the link', async () => {
    const { html, text } = await sampleEmail();
    expect(html).toMatch(/^<!DOCTYPE html/i);
    expect(html).toContain('<table');
    expect(html).toContain('background-color:#0e0c0b');
    expect(html).not.toContain('<style');
    expect(html).toContain('href="https://site.example/newsletter/confirm?token=abc"');
    expect(text).toContain('Confirm my subscription');
    expect(text).toContain('https://site.example/newsletter/confirm?token=abc');
    expect(text).toContain('https://site.example/newsletter/unsubscribe?token=def');
    expect(text).not.toContain('<');
  });

  it('tells the truth about the link: it confirms for three days and keeps working once used', async () => {
    const { text } = await sampleEmail();
    const oneLine = text.replace(/\s+/g, ' ');
    expect(oneLine).not.toMatch(/works once/i);
    expect(oneLine).toContain('Confirm within three days; once you have, the link keeps working');
  });
});

describe('createMailer with SMTP_URL', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());

  it('delivers through the relay with the login, From, a Message-ID, both parts and extra headers', async () => {
    const mailer = createMailer({ smtpUrl: inbox.url, from }, dataDir, log);
    const email = await sampleEmail();
    const sent = await mailer.send(email);
    mailer.close();

    expect(sent.savedTo).toBeNull();
    expect(sent.messageId).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
    const [received] = inbox.to('reader@example.org');
    expect(received?.mailFrom).toBe('news@example.com');
    expect(received?.headers.get('from')).toBe('Delphine Rook <news@example.com>');
    expect(received?.headers.get('message-id')).toBe(sent.messageId);
    expect(received?.headers.get('subject')).toMatch(/^=\?UTF-8\?/);
    expect(received?.headers.get('x-test')).toBe('yes');
    expect(received?.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(received?.html).toBe(email.html);
    expect(received?.text.trim()).toBe(email.text.trim());
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('fails the send (never hangs) when the relay refuses the login', async () => {
    const wrong = inbox.url.replace('relay-secret', 'wrong');
    const mailer = createMailer({ smtpUrl: wrong, from }, dataDir, log);
    await expect(mailer.send(await sampleEmail())).rejects.toThrow(/auth|Invalid/i);
    mailer.close();
  });
});

describe('createMailer without SMTP_URL', () => {
  it('saves each message as a private .eml file in DATA_DIR/outbox and logs it', async () => {
    const mailer = createMailer({ smtpUrl: null, from }, dataDir, log);
    expect(mailer.delivery).toBe('outbox');
    const email = await sampleEmail();
    const [first, second] = await Promise.all([mailer.send(email), mailer.send(email)]);

    const outbox = path.join(dataDir, 'outbox');
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    const files = await readdir(outbox);
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    expect(first.savedTo).not.toBe(second.savedTo);
    expect((await stat(first.savedTo!)).mode & 0o777).toBe(0o600);

    const raw = await readFile(first.savedTo!, 'utf8');
    const saved = readEmail(raw);
    expect(raw).toContain('\r\n');
    expect(saved.headers.get('message-id')).toBe(first.messageId);
    expect(saved.headers.get('from')).toBe('Delphine Rook <news@example.com>');
    expect(saved.headers.get('to')).toBe('reader@example.org');
    expect(saved.html).toBe(email.html);
    expect(saved.text.trim()).toBe(email.text.trim());
    expect(logged).toEqual([
      'mail is not configured: message saved to the outbox',
      'mail is not configured: message saved to the outbox',
    ]);
  });
});

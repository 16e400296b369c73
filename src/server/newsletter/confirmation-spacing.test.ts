import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { mailboxKey } from './mailbox-key.js';

/**
 * Issue 25, item 6: a stranger cannot use the sign-up form to mail someone's inbox. One
 * confirmation per mailbox per 24 h, whatever spelling of it (case, sub-address tags, Gmail's
 * dots and googlemail.com) signs up, from however many client addresses at once.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

let inbox: SmtpInbox;
let t: TestApp;
let run = 0;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'news@example.com', PUBLIC_URL: 'https://site.example' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const subscribe = (email: string, n = 0) =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email },
    remoteAddress: `10.22.${n >> 8}.${n & 255}`,
  });

/** Every spelling of one Gmail mailbox a stranger might try. */
function gmailSpellings(user: string): string[] {
  const dotted = user.split('').join('.');
  return [
    `${user}@gmail.com`,
    `${user.toUpperCase()}@GMail.com`,
    `${dotted}@gmail.com`,
    `${user}@googlemail.com`,
    ...Array.from(
      { length: 40 },
      (_, n) => `${n % 2 ? dotted : user}+tag${n}@${n % 3 ? 'gmail.com' : 'googlemail.com'}`,
    ),
  ];
}

/** Mail received for any spelling of the mailbox, once every background send has finished. */
async function mailToMailbox(mailbox: string): Promise<number> {
  await t.services.newsletterMail.settled();
  return inbox.received.filter((mail) => mail.rcptTo.some((to) => mailboxKey(to) === mailbox)).length;
}

async function ageMailbox(mailbox: string, byMs: number) {
  const sentAt = new Date(Date.now() - byMs).toISOString();
  await t.services.db.updateTable('confirmationMailboxes').set({ sentAt }).where('mailbox', '=', mailbox).execute();
  await t.services.db
    .updateTable('newsletterSubscriptions')
    .set({ confirmationSentAt: sentAt })
    .where('confirmationSentAt', 'is not', null)
    .execute();
}

describe('mailbox keys', () => {
  it.each([
    ['A.B.C+news@Gmail.com', 'abc@gmail.com'],
    ['abc@googlemail.com', 'abc@gmail.com'],
    ['a.b+x+y@example.org', 'a.b@example.org'],
    ['Reader@Example.ORG', 'reader@example.org'],
    ['+only@example.org', '+only@example.org'],
    ['a.b@outlook.com', 'a.b@outlook.com'],
  ])('%s is the mailbox %s', (email, key) => {
    expect(mailboxKey(email)).toBe(key);
  });
});

describe('confirmation emails', () => {
  it('go to one mailbox once a day: 44 spellings × 3 sign-ups from 132 addresses in parallel send one', async () => {
    const user = `victim${++run}x${Date.now()}`;
    const mailbox = `${user}@gmail.com`;
    const spellings = gmailSpellings(user);
    const answers = await Promise.all(
      spellings.flatMap((email, index) => [0, 1, 2].map((round) => subscribe(email, index * 3 + round))),
    );
    for (const res of answers) expect([201, 409]).toContain(res.statusCode);
    expect(await mailToMailbox(mailbox)).toBe(1);

    // 23 hours on, a new round of sign-ups still sends nothing.
    await ageMailbox(mailbox, DAY_MS - 60 * 60 * 1000);
    await Promise.all(spellings.map((email, n) => subscribe(email, 500 + n)));
    expect(await mailToMailbox(mailbox)).toBe(1);

    // A day on, one more (the reader may have lost the first), and again only one.
    await ageMailbox(mailbox, DAY_MS + 1000);
    await Promise.all(spellings.map((email, n) => subscribe(email, 600 + n)));
    expect(await mailToMailbox(mailbox)).toBe(2);
  });

  it('another mailbox is not held up, and a confirmed reader who leaves can sign up again at once', async () => {
    const email = `reader${++run}x${Date.now()}@example.org`;
    expect((await subscribe(email)).statusCode).toBe(201);
    await t.services.newsletterMail.settled();
    const [sent] = inbox.to(email);
    const confirm = new URL(/https:\/\/site\.example\/newsletter\/confirm\?token=[\w.~-]+/.exec(sent!.text)![0]);
    expect((await t.app.inject({ method: 'POST', url: `${confirm.pathname}${confirm.search}` })).statusCode).toBe(200);
    // Active: the seed's 409 stays (it does tell a stranger the address is subscribed: see docs/security.md).
    expect((await subscribe(email.replace('@', '+again@'))).statusCode).toBe(201);
    expect((await subscribe(email)).statusCode).toBe(409);
    await t.services.newsletterMail.settled();
    // The +again spelling is a new subscription of the same mailbox: its owner confirmed, so it is mailed.
    expect(inbox.to(email.replace('@', '+again@'))).toHaveLength(1);
  });
});

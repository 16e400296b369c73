import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailQueueJob } from '../newsletter/send-queue/mail-queue-job.js';
import { newId, timestampNow } from '../db/row-conversion.js';
import { openAdminSession } from '../test-support/sessions.js';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { expectTRPCError, type Caller } from '../test-support/trpc.js';

const BREVO_TOKEN = 'brevo-token-0123456789abcdef';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let inbox: SmtpInbox;
let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'news@example.com',
    PUBLIC_URL: 'https://site.example',
    MAIL_EVENTS_BREVO_TOKEN: BREVO_TOKEN,
  });
  admin = t.callerWithKey(await openAdminSession(t.services));
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

/** An issue sent to `sent` addresses already, with `pending` more waiting in the queue. */
async function issueMidSend(sent: number, pending: number): Promise<{ id: string; emails: string[] }> {
  const now = timestampNow();
  const id = randomUUID();
  await t.services.db
    .insertInto('newsletterIssues')
    .values({
      id,
      subject: `Mid-send ${id.slice(0, 4)}`,
      preheader: '',
      body: 'Hi',
      status: 'sent',
      createdAt: now,
      updatedAt: now,
      sentAt: now,
    })
    .execute();
  const emails: string[] = [];
  for (let index = 0; index < sent + pending; index++) {
    const email = `r${index}-${id.slice(0, 6)}@reader.example`;
    const recipientId = newId();
    emails.push(email);
    await t.services.db
      .insertInto('newsletterSubscriptions')
      .values({
        id: recipientId,
        email,
        isActive: 1,
        createdAt: now,
        confirmedAt: now,
        confirmationNonce: null,
        confirmationSentAt: null,
      })
      .execute();
    await t.services.db
      .insertInto('mailQueue')
      .values({
        mailingId: id,
        recipientId,
        kind: 'issue',
        email,
        siteOrigin: 'https://site.example',
        status: index < sent ? 'sent' : 'pending',
        nextAttemptAt: now,
        claimedAt: null,
        sentAt: index < sent ? now : null,
        lastError: null,
        createdAt: now,
      })
      .execute();
  }
  return { id, emails };
}

const event = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mail/events/brevo',
    payload,
    headers: { authorization: `Bearer ${BREVO_TOKEN}` },
  });

const runQueue = () =>
  startMailQueueJob({
    db: t.services.db,
    mailer: t.services.mailing.queueMailer,
    messages: t.services.mailing.queuedMessages,
    ratePerMinute: null,
    log: quiet,
    idlePollMs: 20,
  });

describe('bounce and complaint rates of a send', () => {
  it('warns at 2 % bounces, pauses at 5 %, and the author resumes', async () => {
    const issue = await issueMidSend(100, 30);
    const bounce = (email: string) =>
      event({ event: 'hard_bounce', email, 'message-id': `<${issue.id}.${randomUUID()}@example.com>` });
    expect((await admin.mail.progress({ id: issue.id })).health).toMatchObject({
      sent: 100,
      level: 'ok',
      paused: false,
    });
    await bounce(issue.emails[0]!);
    await bounce(issue.emails[1]!);
    expect((await admin.mail.progress({ id: issue.id })).health).toMatchObject({
      bounces: 2,
      bounceRate: 0.02,
      level: 'warning',
      paused: false,
    });
    for (const email of issue.emails.slice(2, 5)) await bounce(email);
    expect((await admin.mail.progress({ id: issue.id })).health).toMatchObject({
      bounces: 5,
      level: 'pause',
      paused: true,
    });

    // Paused: the queue leaves the rest waiting.
    const stop = runQueue();
    try {
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await admin.mail.progress({ id: issue.id })).figures).toMatchObject({ sent: 100, remaining: 30 });
      expect(await admin.mail.resumeSend({ id: issue.id })).toEqual({ resumed: true });
      for (let waited = 0; (await admin.mail.progress({ id: issue.id })).figures.remaining > 0; waited += 50) {
        if (waited > 10_000) throw new Error('the resumed send did not finish');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await stop();
    }
    expect((await admin.mail.progress({ id: issue.id })).figures).toMatchObject({ sent: 130, remaining: 0 });
    // Resumed by the author: not paused again by later bounces.
    await bounce(issue.emails[6]!);
    expect((await admin.mail.progress({ id: issue.id })).health).toMatchObject({ paused: false, resumed: true });
    await expectTRPCError(admin.mail.resumeSend({ id: issue.id }), 'CONFLICT');
  });

  it('warns at 0.1 % complaints and pauses at 0.3 %', async () => {
    const issue = await issueMidSend(1000, 5);
    const complain = (email: string) =>
      event({ event: 'spam', email, 'message-id': `<${issue.id}.${randomUUID()}@example.com>` });
    await complain(issue.emails[0]!);
    expect((await admin.mail.progress({ id: issue.id })).health).toMatchObject({ complaints: 1, level: 'warning' });
    await complain(issue.emails[1]!);
    await complain(issue.emails[2]!);
    expect((await admin.mail.progress({ id: issue.id })).health).toMatchObject({ complaints: 3, paused: true });
  });

  it('does not act on a handful of sends (one bounce of five is no 20 % signal)', async () => {
    const issue = await issueMidSend(5, 5);
    await event({ event: 'hard_bounce', email: issue.emails[0], 'message-id': `<${issue.id}.x@example.com>` });
    expect((await admin.mail.progress({ id: issue.id })).health).toMatchObject({
      bounces: 1,
      level: 'ok',
      paused: false,
    });
  });

  it('resuming an unknown or unpaused send is refused', async () => {
    await expectTRPCError(admin.mail.resumeSend({ id: 'missing' }), 'NOT_FOUND');
    const issue = await issueMidSend(1, 0);
    await expectTRPCError(admin.mail.resumeSend({ id: issue.id }), 'CONFLICT');
  });
});

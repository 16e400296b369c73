import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailQueueJob } from '../newsletter/send-queue/mail-queue-job.js';
import { newId, timestampNow } from '../db/row-conversion.js';
import { arfMessage, dsnMessage } from '../test-support/delivery-report-fixtures.js';
import { openAdminSession } from '../test-support/sessions.js';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import type { Caller } from '../test-support/trpc.js';
import { MESSAGES_PER_CONNECTION, startBounceIntake, type BounceIntake } from './bounce-intake.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const warnings: object[] = [];

let relay: SmtpInbox;
let t: TestApp;
let admin: Caller;
let intake: BounceIntake;
const issueId = randomUUID();
const RECIPIENTS = 40;
/** Each recipient's address and the return path its issue message was sent with. */
const returnPathOf = new Map<string, string>();
const emails: string[] = [];

/** An issue queued for RECIPIENTS subscribers, sent through the relay by the real send queue. */
async function sendIssue(): Promise<void> {
  const now = timestampNow();
  await t.services.db
    .insertInto('newsletterIssues')
    .values({
      id: issueId,
      subject: 'Issue 1',
      preheader: '',
      body: 'Hi',
      status: 'sent',
      createdAt: now,
      updatedAt: now,
      sentAt: now,
    })
    .execute();
  for (let index = 0; index < RECIPIENTS; index++) {
    const email = `reader${index}@reader.example`;
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
        mailingId: issueId,
        recipientId,
        kind: 'issue',
        email,
        siteOrigin: 'https://site.example',
        status: 'pending',
        nextAttemptAt: now,
        claimedAt: null,
        sentAt: null,
        lastError: null,
        createdAt: now,
      })
      .execute();
  }
  const stop = startMailQueueJob({
    db: t.services.db,
    mailer: t.services.mailing.queueMailer,
    messages: t.services.mailing.queuedMessages,
    ratePerMinute: null,
    log: quiet,
    idlePollMs: 20,
  });
  try {
    for (let waited = 0; relay.received.length < RECIPIENTS; waited += 50) {
      if (waited > 20_000) throw new Error('the issue was not sent');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await stop();
  }
  for (const message of relay.received) returnPathOf.set(message.rcptTo[0]!, message.mailFrom);
}

beforeAll(async () => {
  relay = await startSmtpInbox();
  t = await createTestApp({
    SMTP_URL: relay.url,
    MAIL_FROM: 'news@example.com',
    PUBLIC_URL: 'https://site.example',
    BOUNCE_SMTP_PORT: '2525',
  });
  admin = t.callerWithKey(await openAdminSession(t.services));
  intake = await startBounceIntake({
    db: t.services.db,
    // Any free port on loopback in place of 2525.
    config: { ...t.config.bounces, smtpPort: 0, smtpHost: '127.0.0.1' },
    softBounceLimit: t.config.mailEvents.softBounceLimit,
    log: { ...quiet, warn: (fields) => warnings.push(fields) },
  });
  await sendIssue();
}, 60_000);
afterAll(async () => {
  await intake.close();
  await t.close();
  await relay.close();
});

/** Delivers a raw message to the intake as an MTA would: a real SMTP client on loopback. */
async function deliver(raw: string, to: string, connection?: Transporter) {
  const transport =
    connection ?? nodemailer.createTransport({ host: '127.0.0.1', port: intake.port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail({ envelope: { from: 'mailer-daemon@mx.reader.example', to }, raw });
  } finally {
    if (!connection) transport.close();
  }
}

/** The greeting of a new connection that stays open a moment (then quits). */
function greeting(): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(intake.port, '127.0.0.1');
    socket.once('data', (chunk: Buffer) => {
      resolve(chunk.toString());
      setTimeout(() => socket.end('QUIT\r\n'), 100);
    });
    socket.on('error', reject);
  });
}

const suppression = (email: string) =>
  t.services.db.selectFrom('mailSuppressions').selectAll().where('email', '=', email).executeTakeFirst();
const suppressionCount = async () =>
  Number(
    (
      await t.services.db
        .selectFrom('mailSuppressions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const health = async () => (await admin.mail.progress({ id: issueId })).health;

describe('bounces and complaints by mail', () => {
  it('sends every message with its own VERP return path', () => {
    const paths = [...returnPathOf.values()];
    expect(paths).toHaveLength(RECIPIENTS);
    for (const path of paths) expect(path).toMatch(/^bounces\+[a-z2-7]{16}@example\.com$/);
    expect(new Set(paths).size).toBe(RECIPIENTS);
  });

  it('a DSN with a permanent failure suppresses the address as a bounce of the issue', async () => {
    const email = emails[0]!;
    const info = await deliver(
      dsnMessage({ to: returnPathOf.get(email)!, recipient: email, status: '5.1.1' }),
      returnPathOf.get(email)!,
    );
    expect(info.accepted).toHaveLength(1);
    expect(await suppression(email)).toMatchObject({ reason: 'bounce', issueId });
    expect(await health()).toMatchObject({ bounces: 1, complaints: 0 });
  });

  it('an ARF abuse report suppresses the address as a complaint (sent to the plain bounce address too)', async () => {
    const email = emails[1]!;
    await deliver(
      arfMessage({ to: 'bounces@example.com', originalMailFrom: returnPathOf.get(email)!, originalRcptTo: email }),
      'bounces@example.com',
    );
    expect(await suppression(email)).toMatchObject({ reason: 'complaint', issueId });
    expect(await health()).toMatchObject({ bounces: 1, complaints: 1 });
  });

  it('transient failures (4.x.x) count as soft bounces: the third in a row suppresses', async () => {
    const email = emails[2]!;
    const soft = () =>
      deliver(
        dsnMessage({ to: returnPathOf.get(email)!, recipient: email, status: '4.2.2' }),
        returnPathOf.get(email)!,
      );
    await soft();
    await soft();
    expect(await suppression(email)).toBeUndefined();
    expect(
      await t.services.db.selectFrom('mailSoftBounces').select('bounces').where('email', '=', email).executeTakeFirst(),
    ).toEqual({ bounces: 2 });
    // A delay notice (still trying) is not a bounce.
    await deliver(
      dsnMessage({ to: returnPathOf.get(email)!, recipient: email, action: 'delayed', status: '4.4.7' }),
      returnPathOf.get(email)!,
    );
    expect(await suppression(email)).toBeUndefined();
    await soft();
    expect(await suppression(email)).toMatchObject({ reason: 'bounce', issueId });
  });

  it('a bounce of a single email (a confirmation) suppresses the address but counts toward no issue', async () => {
    relay.received.length = 0;
    await t.services.mailer.send({ to: 'single@reader.example', subject: 'Confirm', html: '<p>Hi</p>', text: 'Hi' });
    const returnPath = relay.to('single@reader.example')[0]!.mailFrom;
    expect(returnPath).toMatch(/^bounces\+[a-z2-7]{16}@example\.com$/);
    await deliver(dsnMessage({ to: returnPath, recipient: 'single@reader.example', status: '5.1.1' }), returnPath);
    expect(await suppression('single@reader.example')).toMatchObject({ reason: 'bounce', issueId: null });
  });

  it('malformed mail, forged tokens and reports without a token change nothing', async () => {
    const before = await suppressionCount();
    const target = emails[3]!;
    const forged = 'bounces+aaaaaaaaaaaaaaaa@example.com';
    await deliver(dsnMessage({ to: forged, recipient: target, status: '5.1.1' }), forged);
    await deliver(
      dsnMessage({ to: 'bounces+not-a-token@example.com', recipient: target, status: '5.1.1' }),
      'bounces+not-a-token@example.com',
    );
    await deliver(dsnMessage({ to: 'bounces@example.com', recipient: target, status: '5.1.1' }), 'bounces@example.com');
    await deliver(
      arfMessage({ to: 'bounces@example.com', originalMailFrom: forged, originalRcptTo: target }),
      'bounces@example.com',
    );
    const garbage = [
      'not a message at all',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="x"\r\n\r\n--x\r\nContent-Type: message/delivery-status\r\n\r\n\u0000\u0001\r\n--',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="b"\r\n\r\n--b\r\n\r\n--b--',
      `Content-Type: multipart/report; boundary="${'b'.repeat(5000)}"\r\n\r\n`,
    ];
    for (const raw of garbage) await deliver(raw, returnPathOf.get(target)!);
    expect(await suppressionCount()).toBe(before);
    expect(await suppression(target)).toBeUndefined();
    expect(warnings.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses mail for any other recipient, and messages over the size limit', async () => {
    const before = await suppressionCount();
    const target = emails[4]!;
    await expect(
      deliver(
        dsnMessage({ to: 'postmaster@example.com', recipient: target, status: '5.1.1' }),
        'postmaster@example.com',
      ),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      deliver(dsnMessage({ to: target, recipient: target, status: '5.1.1' }), 'bounces+x@elsewhere.example'),
    ).rejects.toMatchObject({ responseCode: 550 });
    const huge = dsnMessage({
      to: returnPathOf.get(target)!,
      recipient: target,
      status: '5.1.1',
      originalHeaders: `X-Pad: ${'a'.repeat(70)}\r\n`.repeat(40_000),
    });
    await expect(deliver(huge, returnPathOf.get(target)!)).rejects.toMatchObject({ responseCode: 552 });
    expect(await suppressionCount()).toBe(before);
  });

  it('takes many reports in parallel and pauses the issue past 5 % bounces', async () => {
    const targets = emails.slice(10, 40);
    // An MTA's pool: five connections at once (the most one address may open), reused.
    const pool = nodemailer.createTransport({
      host: '127.0.0.1',
      port: intake.port,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 5,
    });
    try {
      await Promise.all(
        targets.map((email) =>
          deliver(
            dsnMessage({ to: returnPathOf.get(email)!, recipient: email, status: '5.7.1' }),
            returnPathOf.get(email)!,
            pool,
          ),
        ),
      );
    } finally {
      pool.close();
    }
    for (const email of targets) expect(await suppression(email)).toMatchObject({ reason: 'bounce', issueId });
    expect(await health()).toMatchObject({ bounces: 32, complaints: 1, paused: true });
  });

  it('refuses a sixth connection from one address', async () => {
    const greetings = await Promise.all(Array.from({ length: 6 }, () => greeting()));
    expect(greetings.filter((line) => line.startsWith('220'))).toHaveLength(5);
    expect(greetings.filter((line) => line.startsWith('421'))).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it('limits the messages of one connection', async () => {
    const oneConnection = nodemailer.createTransport({
      host: '127.0.0.1',
      port: intake.port,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 1,
      maxMessages: Infinity,
    });
    try {
      for (let index = 0; index < MESSAGES_PER_CONNECTION; index++)
        await deliver('Subject: hello\r\n\r\nnot a report\r\n', 'bounces@example.com', oneConnection);
      await expect(
        deliver('Subject: hello\r\n\r\nnot a report\r\n', 'bounces@example.com', oneConnection),
      ).rejects.toMatchObject({ responseCode: 421 });
    } finally {
      oneConnection.close();
    }
  });

  it('idle connections from 30 addresses cannot keep a real DSN out', async () => {
    // The attack of issue 30: addresses open every slot they can and say nothing; before, ten
    // addresses held all 50 slots for 30 s at a time and the DSN got 421.
    const held: Socket[] = [];
    const open = (localAddress: string) =>
      new Promise<string>((resolve) => {
        const socket = connect({ port: intake.port, host: '127.0.0.1', localAddress });
        held.push(socket);
        socket.once('data', (chunk: Buffer) => resolve(chunk.toString().slice(0, 3)));
        socket.on('error', () => resolve('error'));
        socket.on('close', () => resolve('closed'));
      });
    try {
      const greetings = await Promise.all(
        Array.from({ length: 30 }, (_, a) => Array.from({ length: 5 }, () => open(`127.0.0.${10 + a}`))).flat(),
      );
      // At most 50 admitted, the last 10 slots to addresses holding none.
      expect(greetings.filter((code) => code === '220').length).toBeLessThanOrEqual(50);
      expect(greetings.filter((code) => code === '220').length).toBeGreaterThanOrEqual(40);
      // The attackers' connections become idle (1 s: SLOT_LIMITS.evictableAfterMs) while they hold every slot.
      await new Promise((resolve) => setTimeout(resolve, 1_200));

      const notYetBounced: string[] = [];
      for (const email of emails) if (!(await suppression(email))) notYetBounced.push(email);
      expect(notYetBounced.length).toBeGreaterThanOrEqual(3);
      for (const [index, localAddress] of ['127.0.0.200', '127.0.0.201', '127.0.0.202'].entries()) {
        const email = notYetBounced[index]!;
        const transport = nodemailer.createTransport({
          host: '127.0.0.1',
          port: intake.port,
          secure: false,
          ignoreTLS: true,
          localAddress,
        });
        try {
          await deliver(
            dsnMessage({ to: returnPathOf.get(email)!, recipient: email, status: '5.1.1' }),
            returnPathOf.get(email)!,
            transport,
          );
        } finally {
          transport.close();
        }
        expect(await suppression(email)).toMatchObject({ reason: 'bounce' });
      }
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});

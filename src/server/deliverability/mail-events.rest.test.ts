import { execFileSync } from 'node:child_process';
import { createHmac, createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { isSuppressed } from './suppression-list.js';

const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:site-mail-events';
const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-local.pem';
const POSTMARK_AUTH = 'hooks:postmark-secret-123';
const MAILGUN_KEY = 'mailgun-signing-key-0123456789';
const BREVO_TOKEN = 'brevo-token-0123456789abcdef';

// A local certificate standing in for SNS's (the machine reaches no outside host).
const certDir = mkdtempSync(path.join(tmpdir(), 'sns-cert-'));
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=sns.amazonaws.com',
    '-keyout',
    path.join(certDir, 'key.pem'),
    '-out',
    path.join(certDir, 'cert.pem'),
  ],
  { stdio: 'ignore' },
);
const snsKey = readFileSync(path.join(certDir, 'key.pem'), 'utf8');
const snsCert = readFileSync(path.join(certDir, 'cert.pem'), 'utf8');
const sendgrid = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const sendgridPublicKey = sendgrid.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');

const certificateRequests: string[] = [];
const confirmations: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {
      MAIL_EVENTS_SES_TOPIC_ARNS: TOPIC,
      MAIL_EVENTS_POSTMARK_AUTH: POSTMARK_AUTH,
      MAIL_EVENTS_MAILGUN_SIGNING_KEY: MAILGUN_KEY,
      MAIL_EVENTS_SENDGRID_PUBLIC_KEY: sendgridPublicKey,
      MAIL_EVENTS_BREVO_TOKEN: BREVO_TOKEN,
      MAIL_SOFT_BOUNCE_LIMIT: '3',
    },
    {
      snsHttp: {
        certificate: async (url) => {
          certificateRequests.push(url);
          return snsCert;
        },
        confirm: async (url) => {
          confirmations.push(url);
        },
      },
    },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(certDir, { recursive: true, force: true });
});

const post = (provider: string, body: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/mail/events/${provider}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });

const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}@reader.example`;

async function reasonOf(email: string): Promise<string | undefined> {
  const row = await t.services.db
    .selectFrom('mailSuppressions')
    .select('reason')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.reason;
}

// --- Signed requests, as each provider sends them ---

function snsMessage(fields: Record<string, string>, version: '1' | '2' = '2', key = snsKey) {
  const message: Record<string, string> = {
    MessageId: randomUUID(),
    TopicArn: TOPIC,
    Timestamp: new Date().toISOString(),
    SignatureVersion: version,
    SigningCertURL: CERT_URL,
    ...fields,
  };
  const order =
    message.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  const signed = order
    .filter((field) => message[field] !== undefined)
    .map((field) => `${field}\n${message[field]}\n`)
    .join('');
  message.Signature = createSign(version === '1' ? 'sha1' : 'sha256')
    .update(signed)
    .sign(key, 'base64');
  return JSON.stringify(message);
}

const sesNotification = (notification: object, extra: Record<string, string> = {}) =>
  snsMessage({ Type: 'Notification', Message: JSON.stringify(notification), ...extra });

const sesBounce = (email: string, bounceType: string) =>
  sesNotification({
    notificationType: 'Bounce',
    bounce: { bounceType, bounceSubType: 'General', bouncedRecipients: [{ emailAddress: email }] },
    mail: { commonHeaders: { messageId: '<x@example.com>' } },
  });

const postmarkAuth = { authorization: `Basic ${Buffer.from(POSTMARK_AUTH).toString('base64')}` };

function mailgunBody(eventData: object, key = MAILGUN_KEY, timestamp = String(Math.floor(Date.now() / 1000))) {
  const token = randomUUID();
  const signature = createHmac('sha256', key)
    .update(timestamp + token)
    .digest('hex');
  return JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': eventData });
}

function sendgridHeaders(body: string, privateKey = sendgrid.privateKey) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createSign('sha256')
    .update(timestamp + body)
    .sign(privateKey, 'base64');
  return {
    'x-twilio-email-event-webhook-signature': signature,
    'x-twilio-email-event-webhook-timestamp': timestamp,
  };
}

const brevoAuth = { authorization: `Bearer ${BREVO_TOKEN}` };

type Case = {
  provider: string;
  hard: (email: string) => { body: string; headers?: Record<string, string> };
  complaint: (email: string) => { body: string; headers?: Record<string, string> };
  forged: (email: string) => { body: string; headers?: Record<string, string> }[];
};

const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const otherRsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();

const cases: Case[] = [
  {
    provider: 'ses',
    hard: (email) => ({
      body: sesBounce(email, 'Permanent'),
      headers: { 'content-type': 'text/plain; charset=UTF-8' },
    }),
    complaint: (email) => ({
      body: sesNotification({
        notificationType: 'Complaint',
        complaint: { complainedRecipients: [{ emailAddress: email }], complaintFeedbackType: 'abuse' },
        mail: {},
      }),
    }),
    forged: (email) => {
      const signed = JSON.parse(sesBounce(email, 'Permanent')) as Record<string, string>;
      return [
        { body: JSON.stringify({ ...signed, Signature: undefined }) },
        { body: JSON.stringify({ ...signed, Message: signed.Message!.replace('Permanent', 'Permanent ') }) },
        {
          body: snsMessage(
            { Type: 'Notification', Message: JSON.parse(sesBounce(email, 'Permanent')).Message },
            '2',
            otherRsa,
          ),
        },
        { body: JSON.stringify({ ...signed, SigningCertURL: 'https://evil.example/sns.eu-west-1.amazonaws.com.pem' }) },
        { body: JSON.stringify({ ...signed, TopicArn: 'arn:aws:sns:eu-west-1:999999999999:other' }) },
      ];
    },
  },
  {
    provider: 'postmark',
    hard: (email) => ({
      body: JSON.stringify({ RecordType: 'Bounce', Type: 'HardBounce', Email: email }),
      headers: postmarkAuth,
    }),
    complaint: (email) => ({
      body: JSON.stringify({ RecordType: 'SpamComplaint', Email: email }),
      headers: postmarkAuth,
    }),
    forged: (email) => {
      const body = JSON.stringify({ RecordType: 'Bounce', Type: 'HardBounce', Email: email });
      return [
        { body },
        { body, headers: { authorization: `Basic ${Buffer.from('hooks:wrong').toString('base64')}` } },
        { body, headers: { authorization: `Bearer ${POSTMARK_AUTH}` } },
      ];
    },
  },
  {
    provider: 'mailgun',
    hard: (email) => ({ body: mailgunBody({ event: 'failed', severity: 'permanent', recipient: email }) }),
    complaint: (email) => ({ body: mailgunBody({ event: 'complained', recipient: email }) }),
    forged: (email) => {
      const data = { event: 'failed', severity: 'permanent', recipient: email };
      return [
        { body: JSON.stringify({ 'event-data': data }) },
        { body: mailgunBody(data, 'another-key-0123456789abc') },
        { body: mailgunBody(data, MAILGUN_KEY, String(Math.floor(Date.now() / 1000) - 3600)) },
      ];
    },
  },
  {
    provider: 'sendgrid',
    hard: (email) => {
      const body = JSON.stringify([{ email, event: 'bounce', type: 'bounce', reason: '550 no such user' }]);
      return { body, headers: sendgridHeaders(body) };
    },
    complaint: (email) => {
      const body = JSON.stringify([{ email, event: 'spamreport' }]);
      return { body, headers: sendgridHeaders(body) };
    },
    forged: (email) => {
      const body = JSON.stringify([{ email, event: 'bounce', type: 'bounce' }]);
      const headers = sendgridHeaders(body);
      return [
        { body },
        { body, headers: sendgridHeaders(body, other.privateKey) },
        { body: body.replace('bounce', 'bounce '), headers },
        { body, headers: { ...headers, 'x-twilio-email-event-webhook-signature': 'not-base64!' } },
      ];
    },
  },
  {
    provider: 'brevo',
    hard: (email) => ({ body: JSON.stringify({ event: 'hard_bounce', email }), headers: brevoAuth }),
    complaint: (email) => ({ body: JSON.stringify({ event: 'spam', email }), headers: brevoAuth }),
    forged: (email) => {
      const body = JSON.stringify({ event: 'hard_bounce', email });
      return [
        { body },
        { body, headers: { authorization: 'Bearer wrong-token-0123456789ab' } },
        { body, headers: { authorization: BREVO_TOKEN } },
      ];
    },
  },
];

describe.each(cases)('POST /api/mail/events/$provider', (entry) => {
  it('a signed hard bounce and a signed complaint suppress the address at once', async () => {
    const bounced = unique(`${entry.provider}-hard`);
    const hard = entry.hard(bounced);
    const answer = await post(entry.provider, hard.body, hard.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ received: 1, suppressed: 1 });
    expect(await reasonOf(bounced)).toBe('bounce');

    const complained = unique(`${entry.provider}-complaint`);
    const complaint = entry.complaint(complained);
    expect((await post(entry.provider, complaint.body, complaint.headers)).statusCode).toBe(200);
    expect(await reasonOf(complained)).toBe('complaint');
  });

  it('unsigned or wrongly signed events are refused (401) and change nothing, even in parallel', async () => {
    const victim = unique(`${entry.provider}-forged`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => entry.forged(victim))
        .flat()
        .map((forged) => post(entry.provider, forged.body, forged.headers)),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.json()).toEqual({ error: expect.any(String) });
    }
    expect(await isSuppressed(t.services.db, victim)).toBe(false);
  });
});

describe('SES through SNS', () => {
  it('fetches the signing certificate only from an SNS host, accepts SignatureVersion 1 and confirms a subscription', async () => {
    const before = certificateRequests.length;
    const signed = JSON.parse(sesBounce(unique('ses-host'), 'Permanent')) as Record<string, string>;
    for (const url of [
      'http://sns.eu-west-1.amazonaws.com/cert.pem',
      'https://sns.eu-west-1.amazonaws.com.evil.example/cert.pem',
      'https://sns.eu-west-1.amazonaws.com:8443/cert.pem',
      'https://s3.amazonaws.com/cert.pem',
    ])
      expect((await post('ses', JSON.stringify({ ...signed, SigningCertURL: url }))).statusCode).toBe(401);
    expect(certificateRequests.length).toBe(before);

    const v1 = unique('ses-v1');
    const notification = {
      notificationType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: v1 }] },
    };
    expect(
      (await post('ses', snsMessage({ Type: 'Notification', Message: JSON.stringify(notification) }, '1'))).statusCode,
    ).toBe(200);
    expect(await reasonOf(v1)).toBe('bounce');

    const subscribeUrl = 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=abc';
    const confirmation = snsMessage({
      Type: 'SubscriptionConfirmation',
      Message: 'confirm',
      SubscribeURL: subscribeUrl,
      Token: 'abc',
    });
    expect((await post('ses', confirmation)).statusCode).toBe(200);
    expect(confirmations).toEqual([subscribeUrl]);
    const elsewhere = snsMessage({
      Type: 'SubscriptionConfirmation',
      Message: 'c',
      SubscribeURL: 'https://evil.example/',
      Token: 'x',
    });
    expect((await post('ses', elsewhere)).statusCode).toBe(400);
    expect(confirmations).toHaveLength(1);
  });
});

describe('Mailgun replays', () => {
  it('accepts a signature once: a captured one reused with another recipient changes nothing', async () => {
    const first = unique('mailgun-first');
    const body = mailgunBody({ event: 'complained', recipient: first });
    expect((await post('mailgun', body)).statusCode).toBe(200);
    const victim = unique('mailgun-victim');
    const replayed = JSON.parse(body) as Record<string, unknown>;
    const answer = await post(
      'mailgun',
      JSON.stringify({ ...replayed, 'event-data': { event: 'complained', recipient: victim } }),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ received: 1, duplicates: 1, suppressed: 0 });
    expect(await isSuppressed(t.services.db, victim)).toBe(false);
  });
});

/** One soft bounce per provider, signed and shaped as the provider sends it (with its event id). */
const softBounces: { provider: string; soft: (email: string) => { body: string; headers?: Record<string, string> } }[] =
  [
    { provider: 'ses', soft: (email) => ({ body: sesBounce(email, 'Transient') }) },
    {
      provider: 'postmark',
      soft: (email) => ({
        body: JSON.stringify({
          RecordType: 'Bounce',
          ID: Math.floor(Math.random() * 1e12),
          Type: 'SoftBounce',
          Email: email,
          BouncedAt: new Date().toISOString(),
        }),
        headers: postmarkAuth,
      }),
    },
    {
      provider: 'mailgun',
      soft: (email) => ({
        body: mailgunBody({ id: randomUUID(), event: 'failed', severity: 'temporary', recipient: email }),
      }),
    },
    {
      provider: 'sendgrid',
      soft: (email) => {
        const body = JSON.stringify([
          { email, event: 'deferred', sg_event_id: randomUUID(), timestamp: Math.floor(Date.now() / 1000) },
        ]);
        return { body, headers: sendgridHeaders(body) };
      },
    },
    {
      provider: 'brevo',
      soft: (email) => ({
        body: JSON.stringify({
          event: 'soft_bounce',
          email,
          id: 1,
          'message-id': `<${randomUUID()}@smtp-relay.mailin.fr>`,
          ts_event: Math.floor(Date.now() / 1000),
          ts_epoch: Date.now() + Math.random(),
        }),
        headers: brevoAuth,
      }),
    },
  ];

async function softBouncesOf(email: string): Promise<number> {
  const row = await t.services.db
    .selectFrom('mailSoftBounces')
    .select('bounces')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.bounces ?? 0;
}

describe.each(softBounces)('replays to /api/mail/events/$provider', ({ provider, soft }) => {
  it('one signed soft bounce replayed 8 times in parallel counts once and suppresses nobody', async () => {
    const email = unique(`${provider}-replayed`);
    const event = soft(email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(provider, event.body, event.headers)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(answers.reduce((sum, answer) => sum + (answer.json() as { duplicates: number }).duplicates, 0)).toBe(7);
    expect(await softBouncesOf(email)).toBe(1);
    expect(await isSuppressed(t.services.db, email)).toBe(false);

    // Other events (new ids) still count: three in a row suppress (MAIL_SOFT_BOUNCE_LIMIT=3).
    for (let round = 0; round < 2; round++) {
      const next = soft(email);
      expect((await post(provider, next.body, next.headers)).statusCode).toBe(200);
    }
    expect(await reasonOf(email)).toBe('bounce');
  });
});

describe('replays across providers and batches', () => {
  it('a SendGrid batch holding one event twice, then the batch replayed in parallel, counts it once', async () => {
    const email = unique('sendgrid-batch');
    const event = { email, event: 'deferred', sg_event_id: randomUUID() };
    const body = JSON.stringify([event, event]);
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('sendgrid', body, sendgridHeaders(body))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await softBouncesOf(email)).toBe(1);
  });
});

describe('soft bounces', () => {
  it('suppress after 3 in a row (MAIL_SOFT_BOUNCE_LIMIT); a delivery in between starts the count again', async () => {
    const email = unique('soft');
    const soft = () => ({
      body: JSON.stringify({ event: 'soft_bounce', email, 'message-id': `<${randomUUID()}@relay>` }),
      headers: brevoAuth,
    });
    const delivered = { body: JSON.stringify({ event: 'delivered', email }), headers: brevoAuth };
    for (const request of [soft(), soft(), delivered, soft(), soft()])
      expect((await post('brevo', request.body, request.headers)).statusCode).toBe(200);
    expect(await isSuppressed(t.services.db, email)).toBe(false);
    await post('brevo', soft().body, soft().headers);
    expect(await reasonOf(email)).toBe('bounce');
  });

  it('SES transient bounces count as soft', async () => {
    const email = unique('ses-soft');
    for (let round = 0; round < 2; round++)
      expect((await post('ses', sesBounce(email, 'Transient'))).statusCode).toBe(200);
    expect(await isSuppressed(t.services.db, email)).toBe(false);
    await post('ses', sesBounce(email, 'Transient'));
    expect(await isSuppressed(t.services.db, email)).toBe(true);
  });
});

describe('the issue and bad requests', () => {
  it('names the issue when the event carries our Message-ID', async () => {
    const issue = await t.services.db
      .insertInto('newsletterIssues')
      .values({
        id: randomUUID(),
        subject: 'Ashes',
        preheader: '',
        body: '',
        status: 'sent',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        sentAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const email = unique('linked');
    const body = mailgunBody({
      event: 'complained',
      recipient: email,
      message: { headers: { 'message-id': `${issue.id}.${randomUUID()}@example.com` } },
    });
    expect((await post('mailgun', body)).statusCode).toBe(200);
    const row = await t.services.db
      .selectFrom('mailSuppressions')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.issueId).toBe(issue.id);
  });

  it('answers 404 for an unknown provider, 400 for a signed but unreadable body', async () => {
    expect((await post('sparkpost', '{}')).statusCode).toBe(404);
    const body = '[1, 2';
    expect((await post('sendgrid', body, sendgridHeaders(body))).statusCode).toBe(400);
    expect((await post('brevo', 'not json', brevoAuth)).statusCode).toBe(400);
  });

  it('answers 404 for a provider that is not configured', async () => {
    const bare = await createTestApp();
    try {
      const answer = await bare.app.inject({
        method: 'POST',
        url: '/api/mail/events/mailgun',
        payload: mailgunBody({ event: 'failed', recipient: 'a@b.example' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'Events from mailgun are not configured' });
    } finally {
      await bare.close();
    }
  });
});

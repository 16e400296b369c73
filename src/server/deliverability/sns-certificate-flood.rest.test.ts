import { execFileSync } from 'node:child_process';
import { createSign, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { NEW_CERTIFICATE_FETCHES } from './provider-events/sns-certificates.js';
import { isSuppressed } from './suppression-list.js';

// Forged SES notifications, as an attacker who knows the topic's ARN sends them: each names a
// signing-certificate URL the site would fetch from AWS. Issue 30: 200 posts made 200 fetches.

const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:site-mail-events';
const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0123456789abcdef0123456789abcdef.pem';

const certDir = mkdtempSync(path.join(tmpdir(), 'sns-flood-'));
execFileSync(
  'openssl',
  ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=sns.amazonaws.com'].concat([
    '-keyout',
    path.join(certDir, 'key.pem'),
    '-out',
    path.join(certDir, 'cert.pem'),
  ]),
  { stdio: 'ignore' },
);
const snsKey = readFileSync(path.join(certDir, 'key.pem'), 'utf8');
const snsCert = readFileSync(path.join(certDir, 'cert.pem'), 'utf8');

/** Every fetch the site asked for, by URL; only CERT_URL exists (others answer 404, as AWS would). */
const fetches = new Map<string, number>();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    { MAIL_EVENTS_SES_TOPIC_ARNS: TOPIC, RATE_LIMITS: 'on' },
    {
      snsHttp: {
        certificate: async (url) => {
          fetches.set(url, (fetches.get(url) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (url !== CERT_URL) throw new Error('The signing certificate answered 404');
          return snsCert;
        },
        confirm: async () => undefined,
      },
    },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(certDir, { recursive: true, force: true });
});

const totalFetches = () => [...fetches.values()].reduce((sum, count) => sum + count, 0);

function notification(email: string, certUrl: string, sign: boolean): string {
  const message: Record<string, string> = {
    Type: 'Notification',
    MessageId: randomUUID(),
    TopicArn: TOPIC,
    Timestamp: new Date().toISOString(),
    SignatureVersion: '2',
    SigningCertURL: certUrl,
    Message: JSON.stringify({
      notificationType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: email }] },
    }),
  };
  const signed = ['Message', 'MessageId', 'Timestamp', 'TopicArn', 'Type']
    .map((field) => `${field}\n${message[field]}\n`)
    .join('');
  message.Signature = sign
    ? createSign('sha256').update(signed).sign(snsKey, 'base64')
    : Buffer.from('forged').toString('base64');
  return JSON.stringify(message);
}

const post = (body: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mail/events/ses',
    payload: body,
    headers: { 'content-type': 'text/plain; charset=UTF-8' },
    remoteAddress,
  });

const victim = () => `victim-${randomUUID().slice(0, 8)}@reader.example`;
const certUrlNumber = (n: number) =>
  `https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-${n.toString(16).padStart(32, '0')}.pem`;

describe('forged SES notifications and the signing certificate', () => {
  it('200 forged posts in parallel from 20 addresses naming 5 URLs: each URL fetched at most once, all refused', async () => {
    const urls = [CERT_URL, certUrlNumber(1), certUrlNumber(2), certUrlNumber(3), certUrlNumber(4)];
    const email = victim();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) => post(notification(email, urls[n % 5]!, false), `10.30.1.${n % 20}`)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(401);
    for (const url of urls) expect(fetches.get(url) ?? 0).toBeLessThanOrEqual(1);
    expect(await isSuppressed(t.services.db, email)).toBe(false);

    // The genuine certificate stays kept: a signed notification is accepted without another fetch.
    const genuine = victim();
    const accepted = await post(notification(genuine, CERT_URL, true), '10.30.2.1');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(fetches.get(CERT_URL)).toBe(1);
    expect(await isSuppressed(t.services.db, genuine)).toBe(true);
  });

  it('200 forged posts in parallel each naming a new URL fetch at most NEW_CERTIFICATE_FETCHES in all', async () => {
    const before = totalFetches();
    const email = victim();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        post(notification(email, certUrlNumber(1000 + n), false), `10.30.3.${n % 50}`),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(401);
    expect(totalFetches() - before).toBeLessThanOrEqual(NEW_CERTIFICATE_FETCHES);
    // The certificate already kept still verifies genuine notifications.
    const genuine = victim();
    expect((await post(notification(genuine, CERT_URL, true), '10.30.4.1')).statusCode).toBe(200);
    expect(await isSuppressed(t.services.db, genuine)).toBe(true);
  });

  it('fetches nothing for a URL that is not SNS certificate of the topic region', async () => {
    const before = totalFetches();
    const forged = [
      'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0123456789abcdef0123456789abcdef.pem',
      'https://sns.eu-west-1.amazonaws.com/some/other/path.pem',
      'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0123.pem?x=1',
      'https://user@sns.eu-west-1.amazonaws.com/SimpleNotificationService-0123.pem',
      'https://sns.eu-west-1.amazonaws.com.evil.test/SimpleNotificationService-0123.pem',
      'http://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0123.pem',
    ];
    const answers = await Promise.all(
      forged.flatMap((url, n) =>
        Array.from({ length: 10 }, (_, k) => post(notification(victim(), url, false), `10.30.5.${n * 10 + k}`)),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(401);
    expect(totalFetches()).toBe(before);
  });

  it('an address sending forgeries is refused 429 after a few dozen; genuine posts from another go through', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post(notification(victim(), CERT_URL, false), '10.30.6.6')),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(40);
    expect(statuses.slice(-10)).toEqual(Array.from({ length: 10 }, () => 429));
    const genuine = victim();
    expect((await post(notification(genuine, CERT_URL, true), '10.30.6.7')).statusCode).toBe(200);
  });
});

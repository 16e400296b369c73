import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { suppressAddress } from '../deliverability/suppression-list.js';
import { newId, timestampNow } from '../db/row-conversion.js';
import { POOL_CONNECTIONS } from '../newsletter/mail/mailer.js';
import { startMailQueueJob } from '../newsletter/send-queue/mail-queue-job.js';
import { SALE_SECRETS, seedSaleEdition, stripeSession } from '../test-support/sales.js';
import { openAdminSession } from '../test-support/sessions.js';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { PURCHASE_MAILING_ID } from './orders-repository.js';
import { startTestMailWorker } from '../test-support/mail-worker.js';

/**
 * A purchase email has its own lane in the send queue: it leaves before a newsletter send of
 * thousands queued ahead of it, and it reaches an address suppressed for marketing (unsubscribed,
 * complaint, by hand, soft bounces under the limit), never one that bounced.
 */

const PUBLIC_URL = 'https://site.example';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const SUBSCRIBERS = 3_000;

let inbox: SmtpInbox;
let t: TestApp;
let stopWorker: (() => Promise<void>) | null = null;
let sale = 0;

function startWorker(ratePerMinute: number | null) {
  stopWorker = startTestMailWorker(t, ratePerMinute);
}

const buy = (email: string) => {
  sale++;
  return t.app.inject({
    method: 'POST',
    url: '/api/sales/events/stripe',
    ...(({ body, headers }) => ({ payload: body, headers: { 'content-type': 'application/json', ...headers } }))(
      stripeSession({
        eventId: `evt_lane_${sale}`,
        sessionId: `cs_lane_${sale}`,
        paymentIntent: `pi_lane_${sale}`,
        paymentLink: 'plink_lane',
        amount: 499,
        email,
      }),
    ),
  });
};

async function waitFor(check: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function queueIssueToEveryone(prefix: string) {
  // One issue for the file: the second lane test sends the rest of it.
  const now = timestampNow();
  const rows = Array.from({ length: SUBSCRIBERS }, (_, n) => ({
    id: newId(),
    email: `${prefix}${n}@readers.example`,
    isActive: 1,
    createdAt: now,
    confirmedAt: now,
  }));
  for (let at = 0; at < rows.length; at += 500)
    await t.services.db
      .insertInto('newsletterSubscriptions')
      .values(rows.slice(at, at + 500))
      .execute();
  const admin = t.callerWithKey(await openAdminSession(t.services));
  const issue = await admin.mail.saveDraft({ subject: `News ${prefix}`, preheader: '', body: 'A long letter.' });
  const { count } = await admin.mail.recipientCount();
  await admin.mail.send({ id: issue.id, expectedRecipients: count });
  return { issueId: issue.id, count };
}

async function pendingOf(mailingId: string) {
  const row = await t.services.db
    .selectFrom('mailQueue')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('mailingId', '=', mailingId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const purchaseStatus = async (email: string) =>
  (
    await t.services.db
      .selectFrom('mailQueue')
      .select('status')
      .where('mailingId', '=', PURCHASE_MAILING_ID)
      .where('email', '=', email)
      .executeTakeFirst()
  )?.status;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Delphine Rook <news@example.com>',
    PUBLIC_URL,
    ...SALE_SECRETS,
  });
  await seedSaleEdition(t.services, {
    provider: 'stripe',
    productId: 'plink_lane',
    amount: 499,
    title: 'The Ashwarden',
  });
});
afterEach(async () => {
  await stopWorker?.();
  stopWorker = null;
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

describe('the send queue’s transactional lane', () => {
  it('sends a purchase email in the first round, ahead of an issue of thousands queued before it', async () => {
    const { issueId, count } = await queueIssueToEveryone('a');
    expect(count).toBeGreaterThanOrEqual(SUBSCRIBERS);
    expect((await buy('buyer1@example.org')).json()).toMatchObject({ queuedEmail: true });
    const before = inbox.received.length;

    startWorker(null);
    await waitFor(() => inbox.to('buyer1@example.org').length === 1, 'the purchase email');
    await stopWorker!();
    stopWorker = null;

    const sent = inbox.received.slice(before);
    const position = sent.findIndex((email) => email.rcptTo.includes('buyer1@example.org'));
    // One round hands POOL_CONNECTIONS messages to the relay at once: the purchase is in the first.
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThan(POOL_CONNECTIONS);
    expect(await pendingOf(issueId)).toBeGreaterThan(count - 10 * POOL_CONNECTIONS);
  });

  it('with a sending rate (one message a round), the purchase is the very next message; the issue goes on after it', async () => {
    // The issue of the test above still has thousands of messages pending, queued before this purchase.
    const issueId = (await t.services.db.selectFrom('newsletterIssues').select('id').executeTakeFirstOrThrow()).id;
    const pendingBefore = await pendingOf(issueId);
    expect(pendingBefore).toBeGreaterThan(SUBSCRIBERS - 100);
    const startedAt = inbox.received.length;
    startWorker(600_000);
    await waitFor(() => inbox.received.length >= startedAt + 3, 'three issue emails');
    expect((await buy('buyer2@example.org')).json()).toMatchObject({ queuedEmail: true });
    const queuedAt = inbox.received.length;
    await waitFor(() => inbox.to('buyer2@example.org').length === 1, 'the purchase email');
    const position = inbox.received.findIndex((email) => email.rcptTo.includes('buyer2@example.org'));
    await waitFor(() => inbox.received.length >= position + 4, 'the issue to go on');
    await stopWorker!();
    stopWorker = null;
    // At most the one message already in flight when the purchase was queued went before it.
    expect(position - queuedAt).toBeLessThanOrEqual(1);
    expect(inbox.received.slice(position + 1).every((email) => email.headers.get('subject') === 'News a')).toBe(true);
    expect(await pendingOf(issueId)).toBeGreaterThan(SUBSCRIBERS - 100);
  });
});

describe('a purchase email and the suppression list', () => {
  it('goes to an address suppressed for marketing (unsubscribed, complaint, by hand) or with soft bounces', async () => {
    await suppressAddress(t.services.db, { email: 'unsub@example.org', reason: 'unsubscribed' });
    await suppressAddress(t.services.db, { email: 'Complained@Example.org', reason: 'complaint' });
    await suppressAddress(t.services.db, { email: 'manual@example.org', reason: 'manual' });
    await t.services.db
      .insertInto('mailSoftBounces')
      .values({ email: 'soft@example.org', bounces: 2, lastAt: timestampNow() })
      .execute();
    const buyers = ['unsub@example.org', 'complained@example.org', 'manual@example.org', 'soft@example.org'];
    for (const email of buyers) expect((await buy(email)).json()).toMatchObject({ queuedEmail: true });
    startWorker(null);
    await waitFor(() => buyers.every((email) => inbox.to(email).length === 1), 'four purchase emails');
    for (const email of buyers) {
      expect(inbox.to(email)[0]!.headers.get('subject')).toBe('Your copy of The Ashwarden');
      await waitFor(async () => (await purchaseStatus(email)) === 'sent', `${email} sent`);
    }
  });

  it('never goes to an address that hard-bounced, nor to one whose soft bounces reached the limit', async () => {
    await suppressAddress(t.services.db, { email: 'bounced@example.org', reason: 'bounce' });
    await suppressAddress(t.services.db, {
      email: 'softlimit@example.org',
      reason: 'bounce',
      note: '5 soft bounces in a row',
    });
    for (const email of ['bounced@example.org', 'softlimit@example.org'])
      expect((await buy(email)).json()).toMatchObject({ queuedEmail: true });
    startWorker(null);
    for (const email of ['bounced@example.org', 'softlimit@example.org']) {
      await waitFor(async () => (await purchaseStatus(email)) === 'skipped', `${email} skipped`);
      expect(inbox.to(email)).toEqual([]);
    }
  });

  it('a purchase email the relay refuses for good (5xx) suppresses the address as bounced; a later purchase is not mailed', async () => {
    const refusing = await startSmtpInbox({
      answerRecipient: (address) =>
        address === 'nobody@example.org' ? { code: 550, message: '5.1.1 No such user' } : null,
    });
    const site = await createTestApp({
      SMTP_URL: refusing.url,
      MAIL_FROM: 'Delphine Rook <news@example.com>',
      PUBLIC_URL,
      ...SALE_SECRETS,
    });
    try {
      await seedSaleEdition(site.services, { provider: 'stripe', productId: 'plink_lane', amount: 499 });
      const post = (n: number) => {
        const { body, headers } = stripeSession({
          eventId: `evt_nobody_${n}`,
          sessionId: `cs_nobody_${n}`,
          paymentIntent: `pi_nobody_${n}`,
          paymentLink: 'plink_lane',
          amount: 499,
          email: 'nobody@example.org',
        });
        return site.app.inject({
          method: 'POST',
          url: '/api/sales/events/stripe',
          payload: body,
          headers: { 'content-type': 'application/json', ...headers },
        });
      };
      const stop = startMailQueueJob({
        db: site.services.db,
        mailer: site.services.mailing.queueMailer,
        messages: site.services.mailing.queuedMessages,
        ratePerMinute: null,
        log: quiet,
        retryBaseMs: 30,
        idlePollMs: 20,
      });
      try {
        const first = (await post(1)).json<{ orderId: string }>();
        const statusOf = async (orderId: string) =>
          (
            await site.services.db
              .selectFrom('mailQueue')
              .select('status')
              .where('mailingId', '=', PURCHASE_MAILING_ID)
              .where('recipientId', '=', orderId)
              .executeTakeFirst()
          )?.status;
        await waitFor(async () => (await statusOf(first.orderId)) === 'failed', 'the refused purchase email');
        const suppression = await site.services.db
          .selectFrom('mailSuppressions')
          .select('reason')
          .where('email', '=', 'nobody@example.org')
          .executeTakeFirst();
        expect(suppression?.reason).toBe('bounce');
        const second = (await post(2)).json<{ orderId: string }>();
        await waitFor(async () => (await statusOf(second.orderId)) === 'skipped', 'the second purchase skipped');
        expect(refusing.received).toEqual([]);
      } finally {
        await stop();
      }
    } finally {
      await site.close();
      await refusing.close();
    }
  });
});

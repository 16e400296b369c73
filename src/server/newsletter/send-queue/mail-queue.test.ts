import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/connection.js';
import { newId, timestampNow } from '../../db/row-conversion.js';
import { openAdminSession } from '../../test-support/sessions.js';
import {
  startSmtpInbox,
  type ReceivedEmail,
  type SmtpInbox,
  type SmtpInboxOptions,
} from '../../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { startMailQueueJob } from './mail-queue-job.js';
import { MAX_ATTEMPTS } from './send-outcome.js';
import { startTestMailWorker } from '../../test-support/mail-worker.js';

const PUBLIC_URL = 'https://site.example';
const MAIL_FROM = 'Delphine Rook <news@example.com>';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

type Site = { inbox: SmtpInbox; t: TestApp; admin: ReturnType<TestApp['callerWithKey']> };
const opened: Site[] = [];
const stops: (() => Promise<void>)[] = [];

async function openSite(inboxOptions: SmtpInboxOptions = {}): Promise<Site> {
  const inbox = await startSmtpInbox(inboxOptions);
  const t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM, PUBLIC_URL });
  const site = { inbox, t, admin: t.callerWithKey(await openAdminSession(t.services)) };
  opened.push(site);
  return site;
}

function startWorker({ t }: Site) {
  const stop = startTestMailWorker(t);
  stops.push(stop);
  return stop;
}

afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});
afterAll(async () => {
  for (const { t, inbox } of opened.splice(0)) {
    await t.close();
    await inbox.close();
  }
});

/** Subscribers written straight into the table (confirmed unless said otherwise), in one statement. */
async function addSubscribers(db: AppDatabase, emails: string[], confirmed = true) {
  const now = timestampNow();
  const rows = emails.map((email) => ({
    id: newId(),
    email,
    isActive: 1,
    createdAt: now,
    confirmedAt: confirmed ? now : null,
    confirmationNonce: null,
    confirmationSentAt: null,
  }));
  for (let at = 0; at < rows.length; at += 200)
    await db
      .insertInto('newsletterSubscriptions')
      .values(rows.slice(at, at + 200))
      .execute();
  return rows;
}

async function sendIssue(site: Site, body = 'Hello **reader**. See [the books](/books).') {
  const issue = await site.admin.mail.saveDraft({ subject: 'News from the Cycle', preheader: 'A short note', body });
  const { count } = await site.admin.mail.recipientCount();
  await site.admin.mail.send({ id: issue.id, expectedRecipients: count });
  return { issue, count };
}

/** Polls until nothing remains; a send that never ends fails on the test's timeout, not on a clock here. */
async function waitForDone(site: Site, issueId: string) {
  for (;;) {
    const progress = await site.admin.mail.progress({ id: issueId });
    if (progress.figures.remaining === 0) return progress;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const recipientOf = (email: ReceivedEmail) => email.rcptTo[0]!.toLowerCase();

describe('the send queue against a real SMTP server', () => {
  it('sends an issue to 500 subscribers: 500 distinct messages, each with its headers, both parts and absolute links', async () => {
    const site = await openSite();
    const emails = Array.from({ length: 500 }, (_, n) => `reader-${n}@example.org`);
    const rows = await addSubscribers(site.t.services.db, emails);
    await addSubscribers(site.t.services.db, ['pending@example.org'], false);
    startWorker(site);
    const { issue, count } = await sendIssue(site);
    expect(count).toBe(500);
    const progress = await waitForDone(site, issue.id);
    expect(progress.figures).toEqual({ total: 500, sent: 500, failed: 0, remaining: 0, uncertain: 0, skipped: 0 });
    expect(progress.status).toBe('sent');

    const received = site.inbox.received;
    expect(received).toHaveLength(500);
    expect(new Set(received.map(recipientOf)).size).toBe(500);
    expect(new Set(received.map((email) => email.headers.get('message-id'))).size).toBe(500);
    expect(site.inbox.to('pending@example.org')).toEqual([]);

    const first = site.inbox.to('reader-7@example.org')[0]!;
    const subscriptionId = rows[7]!.id;
    expect(first.headers.get('from')).toBe(MAIL_FROM);
    expect(first.headers.get('subject')).toBe('News from the Cycle');
    expect(first.headers.get('message-id')).toBe(`<${issue.id}.${subscriptionId}@example.com>`);
    expect(first.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe =
      /^<(https:\/\/site\.example\/newsletter\/unsubscribe\?token=[\w.~-]+)>, <mailto:news@example\.com\?subject=unsubscribe>$/.exec(
        first.headers.get('list-unsubscribe') ?? '',
      );
    expect(unsubscribe).not.toBeNull();
    expect(first.html).toContain('<strong>reader</strong>');
    expect(first.html).toContain(`href="${unsubscribe![1]}"`);
    expect(first.html).toContain('A short note');
    expect(first.text).toContain('Hello reader.');
    expect(first.text).toContain(unsubscribe![1]);
    for (const [, href] of first.html.matchAll(/href="([^"]*)"/g))
      expect(href!.startsWith(`${PUBLIC_URL}/`), href).toBe(true);
    // The link to /books goes through the reader's own tracked redirect (src/server/analytics).
    expect(first.html).toMatch(/href="https:\/\/site\.example\/r\/[\w.-]+"/);
    // Each recipient's link is their own.
    const other = site.inbox.to('reader-8@example.org')[0]!;
    expect(other.headers.get('list-unsubscribe')).not.toBe(first.headers.get('list-unsubscribe'));
    // No web fonts: system fonts only.
    expect(first.html).not.toMatch(/@font-face|fonts\.googleapis|Cinzel|Garamond/i);

    // The link in the email unsubscribes that reader (one-click POST).
    const res = await site.t.app.inject({
      method: 'POST',
      url: new URL(unsubscribe![1]!).pathname + new URL(unsubscribe![1]!).search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBeLessThan(300);
    const stored = await site.t.services.db
      .selectFrom('newsletterSubscriptions')
      .select('isActive')
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(stored.isActive).toBe(0);
  });

  it('retries a 451 with backoff until delivered; a 550 marks the address bounced and it is never sent to again', async () => {
    const tries = new Map<string, number>();
    const site = await openSite({
      answerRecipient: (address) => {
        const count = (tries.get(address) ?? 0) + 1;
        tries.set(address, count);
        if (address.startsWith('grey') && count <= 2)
          return { code: 451, message: '4.7.1 Greylisted, try again later' };
        if (address.startsWith('gone')) return { code: 550, message: '5.1.1 No such user here' };
        if (address.startsWith('busy')) return { code: 452, message: '4.2.2 Mailbox full' };
        return null;
      },
    });
    await addSubscribers(site.t.services.db, [
      'ok@example.org',
      'grey-1@example.org',
      'grey-2@example.org',
      'gone@example.org',
      'busy@example.org',
    ]);
    startWorker(site);
    const { issue } = await sendIssue(site);
    const progress = await waitForDone(site, issue.id);

    expect(progress.figures).toMatchObject({ total: 5, sent: 3, failed: 2, remaining: 0 });
    for (const address of ['ok@example.org', 'grey-1@example.org', 'grey-2@example.org'])
      expect(site.inbox.to(address), address).toHaveLength(1);
    expect(tries.get('grey-1@example.org')).toBe(3);
    expect(tries.get('gone@example.org')).toBe(1);
    expect(tries.get('busy@example.org')).toBe(MAX_ATTEMPTS);
    expect(progress.failures).toEqual([
      {
        email: 'busy@example.org',
        error: expect.stringMatching(/452 4\.2\.2 Mailbox full.*gave up after 6 attempts/),
        attempts: 6,
      },
      { email: 'gone@example.org', error: expect.stringContaining('550 5.1.1 No such user here'), attempts: 1 },
    ]);

    const subscribers = (await site.admin.admin.newsletterSubscriptions()).items;
    expect(subscribers.find((s) => s.email === 'gone@example.org')).toMatchObject({
      status: 'bounced',
      bouncedAt: expect.any(Date),
    });
    expect(subscribers.find((s) => s.email === 'busy@example.org')?.status).toBe('active');

    // Retry failed: the temporary failure is tried again, the bounced address is skipped.
    tries.clear();
    expect(await site.admin.mail.retryFailed({ id: issue.id })).toEqual({ retried: 2 });
    const retried = await waitForDone(site, issue.id);
    expect(retried.figures).toMatchObject({ sent: 3, failed: 1, skipped: 1 });
    expect(tries.has('gone@example.org')).toBe(false);

    // The next issue does not count or queue the bounced address.
    const { count } = await site.admin.mail.recipientCount();
    expect(count).toBe(4);
  });

  it('marks messages left "sending" by a killed process uncertain and never sends them again', async () => {
    const site = await openSite();
    const [a, b] = await addSubscribers(site.t.services.db, ['a@example.org', 'b@example.org']);
    const { issue } = await sendIssue(site);
    // As a process killed between the claim and the relay's answer leaves it.
    await site.t.services.db
      .updateTable('mailQueue')
      .set({ status: 'sending', claimedAt: timestampNow() })
      .where('recipientId', '=', a!.id)
      .execute();
    startWorker(site);
    const progress = await waitForDone(site, issue.id);
    expect(progress.figures).toMatchObject({ total: 2, sent: 1, uncertain: 1, remaining: 0 });
    expect(site.inbox.to('a@example.org')).toHaveLength(0);
    expect(site.inbox.to(b!.email)).toHaveLength(1);
  });

  it('skips a subscriber who unsubscribed after the issue was queued', async () => {
    const site = await openSite();
    const [a] = await addSubscribers(site.t.services.db, ['left@example.org', 'stays@example.org']);
    const { issue } = await sendIssue(site);
    await site.t.services.db
      .updateTable('newsletterSubscriptions')
      .set({ isActive: 0 })
      .where('id', '=', a!.id)
      .execute();
    startWorker(site);
    expect((await waitForDone(site, issue.id)).figures).toMatchObject({ sent: 1, skipped: 1 });
    expect(site.inbox.to('left@example.org')).toEqual([]);
  });

  it('keeps MAIL_RATE: at 600 a minute, 5 messages take at least 400 ms', async () => {
    const site = await openSite();
    await addSubscribers(
      site.t.services.db,
      Array.from({ length: 5 }, (_, n) => `slow-${n}@example.org`),
    );
    const { issue } = await sendIssue(site);
    const started = Date.now();
    stops.push(
      startMailQueueJob({
        db: site.t.services.db,
        mailer: site.t.services.mailing.queueMailer,
        messages: site.t.services.mailing.queuedMessages,
        ratePerMinute: 600,
        log: quiet,
        idlePollMs: 20,
      }),
    );
    await waitForDone(site, issue.id);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(site.inbox.received).toHaveLength(5);
  });
});

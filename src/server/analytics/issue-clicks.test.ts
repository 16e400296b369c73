import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteStats } from '../../domain/analytics.js';
import { startMailQueueJob } from '../newsletter/send-queue/mail-queue-job.js';
import { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import { newId, timestampNow } from '../db/row-conversion.js';
import { loadOrCreateSecret } from '../auth/site-secrets-repository.js';
import { openAdminSession } from '../test-support/sessions.js';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { createFakeClientBuild } from '../test-support/fake-client-build.js';

const PUBLIC_URL = 'https://site.example';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const READER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('newsletter click tracking, through a real SMTP server', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  let token: string;
  let stopQueue: () => void | Promise<void>;
  let build: Awaited<ReturnType<typeof createFakeClientBuild>>;
  const readers = ['ann@example.org', 'bo@example.org', 'cy@example.org'];
  const ids = readers.map(() => newId());

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    build = await createFakeClientBuild();
    t = await createTestApp(
      { SMTP_URL: inbox.url, MAIL_FROM: 'Delphine <news@example.com>', PUBLIC_URL },
      { clientDir: build.clientDir },
    );
    token = await openAdminSession(t.services);
    const now = timestampNow();
    await t.services.db
      .insertInto('newsletterSubscriptions')
      .values(
        readers.map((email, n) => ({
          id: ids[n]!,
          email,
          isActive: 1,
          createdAt: now,
          confirmedAt: now,
          confirmationNonce: null,
          confirmationSentAt: null,
          source: 'form:/books/ash',
        })),
      )
      .execute();
    stopQueue = startMailQueueJob({
      db: t.services.db,
      mailer: t.services.mailing.queueMailer,
      messages: t.services.mailing.queuedMessages,
      ratePerMinute: null,
      log: quiet,
      idlePollMs: 20,
    });
  });
  afterAll(async () => {
    await stopQueue();
    await t.close();
    await inbox.close();
    await build.remove();
  });

  const stats = async (): Promise<SiteStats> =>
    (
      await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { authorization: `Bearer ${token}` } })
    ).json();

  const trackedLinks = (address: string) => {
    const email = inbox.to(address)[0]!;
    return [...email.html.matchAll(/href="(https:\/\/site\.example\/r\/[^"]+)"/g)].map((match) => match[1]!);
  };

  it('rewrites each link per recipient, redirects 302 to the original and counts one click per recipient and link', async () => {
    const admin = t.callerWithKey(token);
    const issue = await admin.mail.saveDraft({
      subject: 'The Ember Crown is out',
      preheader: '',
      body: 'Order it [at the shop](https://shop.example/ember?ref=news&x=1) or read [the excerpt](/excerpts).',
    });
    const { count } = await admin.mail.recipientCount();
    await admin.mail.send({ id: issue.id, expectedRecipients: count });
    for (let waited = 0; inbox.received.length < 3 && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(inbox.received).toHaveLength(3);

    const ann = trackedLinks('ann@example.org');
    const bo = trackedLinks('bo@example.org');
    expect(ann.length).toBeGreaterThanOrEqual(2);
    expect(ann).not.toEqual(bo);
    const annText = inbox.to('ann@example.org')[0]!.text;
    expect(annText).not.toContain('shop.example');
    expect(annText).toContain(`${PUBLIC_URL}/r/`);

    const follow = (url: string, userAgent = READER_UA) =>
      t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { 'user-agent': userAgent } });
    const targets = await Promise.all(ann.map((url) => follow(url)));
    expect(targets.map((answer) => answer.statusCode)).toEqual(ann.map(() => 302));
    const locations = targets.map((answer) => answer.headers.location);
    expect(locations).toContain('https://shop.example/ember?ref=news&x=1');
    // A link to the site's own page lands marked as the newsletter's (the redirect sends no referrer).
    expect(locations).toContain(
      `${PUBLIC_URL}/excerpts?utm_source=newsletter&utm_medium=email&utm_campaign=The+Ember+Crown+is+out`,
    );
    for (const answer of targets) expect(answer.headers['set-cookie']).toBeUndefined();
    // Ann clicks the shop link five more times at once, Bo once, a link scanner once.
    const shopOf = (links: string[]) => links[0]!;
    await Promise.all([...Array.from({ length: 5 }, () => follow(shopOf(ann))), follow(shopOf(bo))]);
    await follow(shopOf(trackedLinks('cy@example.org')), 'Mozilla/5.0 (compatible; Googlebot/2.1)');

    // Cy unsubscribes through the email's link.
    const unsubscribe = /https:\/\/site\.example(\/newsletter\/unsubscribe\?token=[\w.~-]+)/.exec(
      inbox.to('cy@example.org')[0]!.text,
    )![1]!;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: unsubscribe,
          payload: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBeLessThan(400);

    const [results] = (await stats()).issues;
    expect(results).toMatchObject({
      id: issue.id,
      subject: 'The Ember Crown is out',
      recipients: 3,
      sent: 3,
      failed: 0,
      unsubscribed: 1,
      clicks: ann.length + 1,
      clickers: 2,
    });
    expect(results!.links.find((link) => link.url.startsWith('https://shop.example'))?.clicks).toBe(2);
    // The issue's report per link: unique readers, busiest first (Ann's five repeats and the bot do not count).
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/admin/newsletter/issues/${issue.id}/links`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ issueId: issue.id, recipients: 3, clickers: 2 });
    const perLink = report.json<{ links: { url: string; readers: number }[] }>().links;
    expect(perLink[0]).toEqual({ url: 'https://shop.example/ember?ref=news&x=1', readers: 2 });
    expect(perLink.find((link) => link.url === `${PUBLIC_URL}/excerpts`)).toEqual({
      url: `${PUBLIC_URL}/excerpts`,
      readers: 1,
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/newsletter/issues/no-such-issue/links',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/newsletter/issues/${issue.id}/links` })).statusCode,
    ).toBe(401);

    // The landing is counted under the newsletter in the Overview's referrers, with the issue as the campaign.
    const landing = new URL(locations.find((location) => location!.startsWith(PUBLIC_URL))!);
    const landed = await t.app.inject({
      method: 'GET',
      url: `${landing.pathname}${landing.search}`,
      headers: { 'user-agent': READER_UA },
    });
    expect(landed.statusCode).toBe(200);
    const traffic = await stats();
    expect(traffic.referrers).toContainEqual(expect.objectContaining({ source: 'newsletter', views: 1 }));
    expect(traffic.campaigns).toContainEqual(
      expect.objectContaining({ source: 'newsletter', campaign: 'the ember crown is out' }),
    );
    const growth = (await stats()).subscribers;
    expect(growth).toMatchObject({ gained: 3, lost: 1, total: 2, sources: [{ source: 'form:/books/ash', gained: 3 }] });
  });

  it('never redirects a tampered, foreign or unknown token anywhere', async () => {
    const [link] = trackedLinks('ann@example.org');
    const token = new URL(link!).pathname.slice(3);
    const [payload, signature] = token.split('.') as [string, string];
    const tokens = new NewsletterTokens(await loadOrCreateSecret(t.services.db, 'newsletter-links'));
    const bad = [
      `/r/${payload}.${signature.slice(0, -2)}AA`,
      `/r/${payload.slice(0, -2)}xx.${signature}`,
      `/r/${tokens.unsubscribeToken(ids[0]!)}`,
      `/r/${tokens.redirectToken(['l', newId(), ids[0]!])}`,
      `/r/${tokens.redirectToken(['x', 'https', 'evil'])}`,
      '/r/https%3A%2F%2Fevil.example',
      '/r/' + 'a'.repeat(190),
    ];
    const answers = await Promise.all(bad.map((url) => t.app.inject({ method: 'GET', url })));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.headers.location).toBeUndefined();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSubscribers, sendIssue } from '../../../scripts/lib/mail-seed.mjs';
import { startSmtpInbox, type SmtpInbox } from '../../server/test-support/smtp-inbox.js';
import { useBrowserSite } from '../support/fixture.js';
import { saveScreenshot } from '../support/screenshots.js';
import { expectToast, logIn, openTab } from './admin-helpers.js';

const env: Record<string, string> = { MAIL_FROM: 'news@example.com', MAIL_RATE: 'unlimited' };
let inbox: SmtpInbox;
beforeAll(async () => {
  // The relay refuses four of the sixty addresses (550): 4 bounces of 56 sent is past 5 %.
  inbox = await startSmtpInbox({
    answerRecipient: (address) =>
      /^stale-(3|17|29|41)@example\.org$/.test(address) ? { code: 550, message: 'No such mailbox' } : null,
  });
  env.SMTP_URL = inbox.url;
});
afterAll(() => inbox?.close());

describe('a send with too many bounces', () => {
  const site = useBrowserSite({ env });

  it('pauses by itself, says why, and the author resumes it', async () => {
    seedSubscribers(site.dataDir, 60, 'stale');
    const { page } = site;
    await logIn(page, site);
    await sendIssue(site.baseUrl, site.adminPassword, { subject: 'Old list', body: 'Hello again' });
    await openTab(page, 'Mail');
    await page.getByRole('button', { name: 'Progress of “Old list”' }).click();
    const paused = page.getByRole('alert').filter({ hasText: 'Sending paused' });
    await paused.waitFor();
    expect(await paused.innerText()).toMatch(/Bounces \d+\.\d % · complaints 0\.0 % of \d+ sent/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveScreenshot(page, 'send-paused-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await paused.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'send-paused-375');

    await paused.getByRole('button', { name: 'Resume sending' }).click();
    await expectToast(page, 'Sending resumed', 'The rest of the issue is on its way.');
    await page.getByText('High bounce or complaint rate').waitFor();
    await page.getByTestId('send-percent').getByText('100% · done').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Sending paused' }).count()).toBe(0);
    // The refused addresses are on the suppression list, from this issue.
    await page.reload();
    await openTab(page, 'Mail');
    const row = page
      .getByRole('list', { name: 'Suppressed addresses' })
      .getByRole('listitem')
      .filter({ hasText: 'stale-3@example.org' });
    await row.getByText('from the issue “Old list”').waitFor();
  });
});

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { queueDueArcReminders } from '../../server/arc/arc-reminders.js';
import { openDatabase } from '../../server/db/connection.js';
import { openZipFile, readEntry } from '../../server/sales/copies/zip-access.js';
import { expectToast, logIn, openTab } from '../admin/admin-helpers.js';
import { useBrowserSite } from '../support/fixture.js';
import { linkIn, useMailbox } from '../support/mailbox.js';
import { saveScreenshot } from '../support/screenshots.js';
import { confirmedReaders, expectNoHorizontalOverflow, uniqueEmail } from './helpers.js';

/** The files the test writes (the downloaded copy). */
const FILES = path.join(process.cwd(), 'test-results', 'arc-team');
const DAY_MS = 24 * 60 * 60 * 1000;
const mailbox = useMailbox();

describe('the ARC team, end to end (Chromium at 375 and 1280 px, real SMTP)', () => {
  const site = useBrowserSite({ env: mailbox.env });

  const shoot = async (page: Page, name: string, width: number) => {
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, `${name}-${width}`, { fullPage: true });
  };

  it('apply on /arc → chosen in the admin → the emailed link downloads a copy naming the reader → review link → no reminder for her', async () => {
    const reader = uniqueEmail('arc-reader');
    const other = uniqueEmail('arc-other');
    await confirmedReaders(site, reader, other);

    // The reader applies on a phone, without touching the admin.
    const phone = await site.newContext({ viewport: 'mobile' });
    // The ARC pages are answered by the server alone (no script to hydrate).
    const small = await phone.newPage();
    expect((await small.goto(`${site.baseUrl}/arc`))?.status()).toBe(200);
    await expectNoHorizontalOverflow(small);
    const campaign = small.locator('section.campaign').first();
    await campaign.getByLabel('Your email (a confirmed subscriber\'s)').fill(reader);
    await campaign.getByLabel('Your name (it goes on your copy)').fill('Mara Quill');
    await campaign.getByLabel('Goodreads').fill('https://www.goodreads.com/user/show/42-mara');
    await campaign.getByLabel('Epic fantasy').check();
    await campaign.getByLabel('I promise the above').check();
    await campaign.getByRole('button', { name: /^Apply for/ }).click();
    await small.getByText('What happens next').waitFor();

    // The author chooses her by hand in the admin (1280 px), and adds another reader to the running campaign.
    const page = site.page;
    await logIn(page, site);
    await openTab(page, 'ARC team');
    const applicant = page.getByRole('listitem', { name: 'Applicant Mara Quill' });
    await applicant.getByText(/No earlier campaign/).waitFor();
    await applicant.getByRole('checkbox', { name: 'Choose Mara Quill' }).check();
    await page.getByRole('button', { name: 'Choose ticked (1)' }).click();
    await expectToast(page, '1 chosen: emails queued');
    await applicant.getByText('Chosen', { exact: true }).waitFor();
    const addForm = page.getByRole('form', { name: 'Add a reader' });
    await addForm.getByRole('textbox', { name: 'Add a reader' }).fill(other);
    await addForm.getByRole('button', { name: 'Add reader' }).click();
    await expectToast(page, 'Reader added', `${other}: their copy is on its way`);
    await page.getByRole('list', { name: 'Applicants, best first' }).getByRole('listitem').nth(1).waitFor();

    // She gets one email after her sign-up's confirmation; its link downloads her copy, whose ex-libris page names her.
    const selected = (await mailbox.mailTo(reader, 2)).find((email) => email.text.includes('/arc-copy?token='));
    expect(selected, 'the email saying she was chosen').toBeDefined();
    expect(selected!.text).toMatch(/I\s+received\s+a\s+free\s+advance\s+copy/);
    await small.goto(linkIn(selected!, '/arc-copy'));
    const downloadLink = small.getByRole('link', { name: /^Download .* \(EPUB\)$/ });
    const [download] = await Promise.all([small.waitForEvent('download'), downloadLink.click()]);
    const epub = path.join(FILES, 'arc-copy.epub');
    await mkdir(FILES, { recursive: true });
    await download.saveAs(epub);
    const { zip, entries } = await openZipFile(epub);
    const exLibris = entries.find((entry) => entry.fileName.endsWith('ex-libris.xhtml'));
    expect(exLibris, entries.map((entry) => entry.fileName).join(', ')).toBeDefined();
    expect((await readEntry(zip, exLibris!, 1_000_000)).toString('utf8')).toContain('Mara Quill');
    zip.close();

    // She submits a review link on her page (375 px).
    await small.getByLabel('Amazon').fill('https://www.amazon.com/review/R2MARA');
    await small.getByRole('button', { name: 'Submit review links' }).click();
    await small.getByText('Saved: thank you for your review.').waitFor();
    await expectNoHorizontalOverflow(small);

    // The launch view counts her review; the admin screen at both widths.
    await page.reload();
    const launch = page.getByRole('region', { name: 'Launch' });
    await launch.getByRole('listitem').filter({ hasText: 'https://www.amazon.com/review/R2MARA' }).waitFor();
    await shoot(page, 'admin-arc', 1280);
    const adminPhone = await site.newContext({ viewport: 'mobile' });
    const adminSmall = await adminPhone.newPage();
    await logIn(adminSmall, site);
    await openTab(adminSmall, 'ARC team');
    await adminSmall.getByRole('listitem', { name: 'Applicant Mara Quill' }).waitFor();
    await adminSmall.getByRole('region', { name: 'Launch' }).getByText('R2MARA', { exact: false }).waitFor();
    await shoot(adminSmall, 'admin-arc', 375);
    await adminPhone.close();

    // The reminders' job, two days before the review-by day (after both reminders are due): the other reader,
    // chosen and silent, is reminded; she, who reviewed, is not.
    const db = openDatabase(path.join(site.dataDir, 'site.sqlite'));
    try {
      const reviewBy = await db.selectFrom('arcCampaigns').select('reviewBy').where('state', '=', 'open').executeTakeFirstOrThrow();
      const queued = await queueDueArcReminders(db, new Date(new Date(reviewBy.reviewBy).getTime() - 2 * DAY_MS));
      expect(queued).toBeGreaterThanOrEqual(1);
      const reminders = await db
        .selectFrom('mailQueue')
        .select(['email', 'mailingId'])
        .where('mailingId', 'like', 'arc-%reminder%')
        .execute();
      expect(reminders.map((row) => row.email)).toContain(other);
      expect(reminders.map((row) => row.email)).not.toContain(reader);
    } finally {
      await db.destroy();
    }
    await phone.close();
  });
});

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEmail } from '../../server/test-support/smtp-inbox.js';
import { newContext } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';
import { saveScreenshot } from '../support/screenshots.js';
import { expectNoHorizontalOverflow, openPage, uniqueEmail } from './helpers.js';


async function outboxMailTo(dataDir: string, address: string) {
  const outbox = path.join(dataDir, 'outbox');
  for (let waited = 0; waited < 10_000; waited += 100) {
    const files = await readdir(outbox).catch(() => []);
    const emails = await Promise.all(files.map(async (file) => readEmail(await readFile(path.join(outbox, file), 'utf8'))));
    const matching = emails.filter((email) => email.headers.get('to') === address);
    if (matching.length > 0) return matching;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no email to ${address} in ${outbox}`);
}

const linkIn = (text: string, pathname: string) => {
  const link = new RegExp(`https?://\\S+${pathname}\\?token=[\\w.~-]+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in:\n${text}`);
  return link;
};

/**
 * Issue 23: with SIGNUP_CHALLENGE=on the sign-up form solves the proof-of-work challenge on its
 * own (the reader sees the usual form and answer), the page stays responsive meanwhile, the
 * form without JavaScript still subscribes, and the confirmation's "This wasn't me" page blocks
 * the address — on a phone and a desktop, by keyboard.
 */
describe('sign-up with the challenge on', () => {
  const site = useBrowserSite({ env: { SIGNUP_CHALLENGE: 'on' } });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`subscribes from the home page by keyboard, solving the challenge unseen (${viewport})`, async () => {
      const context = await site.newContext({ viewport });
      const address = uniqueEmail(`pow-${viewport}`);
      const { page, problems } = await openPage(context, site.baseUrl, '/');
      const subscribeBodies: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('newsletter.subscribe')) subscribeBodies.push(request.postData() ?? '');
      });
      const section = page.locator('#newsletter');
      const field = section.getByRole('textbox', { name: 'Email address' });
      await field.focus();
      await page.keyboard.type(address);
      await page.keyboard.press('Enter');
      await page.locator('.toast', { hasText: 'Check your email to confirm' }).waitFor({ timeout: 20_000 });
      expect(subscribeBodies).toHaveLength(1);
      expect(subscribeBodies[0]).toContain('"challenge":');
      // That the solver gives the page its turn between slices is a rule of the solver, tested
      // in src/domain/proof-of-work.test.ts (a time bound here would only measure the machine).

      const [email] = await outboxMailTo(site.dataDir, address);
      expect(email!.text).toMatch(/Someone asked on [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{2}:\d{2} UTC to subscribe/);
      await expectNoHorizontalOverflow(page);
      await section.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `signup-challenge-${viewport}`);
      expect(problems()).toEqual([]);

      // "This wasn't me": the link asks, the button (by keyboard) blocks the address.
      await page.goto(linkIn(email!.text, '/newsletter/not-me'));
      await page.getByRole('heading', { name: 'Someone else signed up this address?' }).waitFor();
      await expectNoHorizontalOverflow(page);
      await saveScreenshot(page, `not-me-ask-${viewport}`, { fullPage: true });
      await page.getByRole('button', { name: "This wasn't me" }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'This address will not be emailed again' }).waitFor();
      await saveScreenshot(page, `not-me-done-${viewport}`, { fullPage: true });
      await context.close();
    }, 60_000);
  }

  it('the contact page form solves it too', async () => {
    const address = uniqueEmail('pow-contact');
    const { page } = await openPage(site.context, site.baseUrl, '/contact');
    const bodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('newsletter.subscribe')) bodies.push(request.postData() ?? '');
    });
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Subscribe' }) });
    await form.getByRole('textbox').fill(address);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('.toast', { hasText: 'Check your email to confirm' }).waitFor({ timeout: 20_000 });
    expect(bodies[0]).toContain('"challenge":');
    await outboxMailTo(site.dataDir, address);
  }, 60_000);

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`without JavaScript the form still subscribes (${viewport})`, async () => {
      const context = await newContext(site.browser, { viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      const address = uniqueEmail(`nojs-${viewport}`);
      await page.goto(`${site.baseUrl}/`);
      const section = page.locator('#newsletter');
      await section.getByRole('textbox', { name: 'Email address' }).fill(address);
      await section.getByRole('button', { name: 'Subscribe' }).click();
      const notice = page.getByText('Check your email to confirm').first();
      await notice.waitFor();
      await notice.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `signup-nojs-${viewport}`);
      // Its confirmation takes the slow lane (10 an hour): the first leaves at once.
      await outboxMailTo(site.dataDir, address);
      await context.close();
    }, 60_000);
  }
});

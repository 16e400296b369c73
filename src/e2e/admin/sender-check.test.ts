import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDns, type LocalDns } from '../../server/test-support/local-dns.js';
import { useBrowserSite } from '../support/fixture.js';
import { saveScreenshot } from '../support/screenshots.js';
import { expectToast, logIn, openTab } from './admin-helpers.js';

describe('Settings → Sender check and the DKIM key generator', () => {
  // The site asks a DNS server on loopback (DNS_SERVERS), started before it: answers are the test's, not the machine's.
  let dns: LocalDns;
  const env: Record<string, string> = { MAIL_FROM: 'Delphine Rook <news@delphinerook.com>' };
  beforeAll(async () => {
    dns = await startLocalDns();
    env.DNS_SERVERS = dns.server;
    dns.txt.set('delphinerook.com', ['v=spf1 a:127.0.0.1 ~all']);
  });
  afterAll(() => dns.close());
  const site = useBrowserSite({ env });

  async function screenshots(page: Page, panel: Locator, name: string) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveScreenshot(panel, `${name}-1280`);
    await page.setViewportSize({ width: 375, height: 812 });
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(panel, `${name}-375`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  it('shows each record’s verdict, generates a DKIM key by keyboard and shows its DNS record', async () => {
    const { page } = site;
    await logIn(page, site);
    await openTab(page, 'Settings');
    const panel = page.getByRole('region', { name: 'Sender check' });
    await panel.scrollIntoViewIfNeeded();
    // Waited for, not timed (a CI machine may be busy): each lookup is bounded and never retried
    // (src/server/deliverability/sender-check.test.ts counts the queries); 10 s guards against a hang.
    const records = panel.getByRole('list', { name: 'DNS records' });
    await records.waitFor({ timeout: 10_000 });
    await panel.getByText('delphinerook.com', { exact: true }).first().waitFor();
    for (const name of ['SPF', 'DKIM', 'DMARC'])
      await records.getByRole('listitem', { name: new RegExp(`^${name}: `) }).waitFor();
    // No key yet: DKIM is not looked up and says how to fix that.
    await records
      .getByRole('listitem', { name: 'DKIM: Not signing' })
      .getByText('The site does not sign its mail with DKIM yet.')
      .waitFor();
    expect(await records.getByRole('listitem').count()).toBe(3);
    // A wrong SPF record: the parser's reason, and a sound record to publish instead (no loopback address).
    const spf = records.getByRole('listitem', { name: 'SPF: Wrong' });
    await spf.getByText('an address needs ip4:', { exact: false }).waitFor();
    await expect(spf.getByLabel('SPF record to publish', { exact: true }).textContent()).resolves.toBe(
      'v=spf1 mx ~all',
    );
    await records.getByRole('listitem', { name: 'DMARC: Missing' }).waitFor();
    await screenshots(page, panel, 'sender-check-wrong');

    // DNS stops answering: "DNS could not be reached", and no record is called missing.
    for (const name of ['delphinerook.com', '_dmarc.delphinerook.com']) dns.rcodes.set(name, 5);
    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.getByRole('button', { name: 'Check again' }).click();
    await panel.getByText('DNS could not be reached').waitFor();
    await panel.getByText('The DNS resolver refused to answer, so the records could not be checked.').waitFor();
    for (const name of ['SPF', 'DMARC']) await records.getByRole('listitem', { name: `${name}: No answer` }).waitFor();
    expect(await records.getByText('Missing', { exact: true }).count()).toBe(0);
    expect(await panel.getByLabel(/record to publish$/).count()).toBe(0);
    await screenshots(page, panel, 'sender-check-no-answer');
    dns.rcodes.clear();
    await panel.getByRole('button', { name: 'Check again' }).click();
    await records.getByRole('listitem', { name: 'SPF: Wrong' }).waitFor();

    // The generator, by keyboard: a bad selector is refused as the server refuses it.
    const form = panel.getByRole('form', { name: 'DKIM key' });
    const selector = form.getByRole('textbox', { name: 'Selector' });
    await selector.fill('two words');
    await selector.focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).resolves.toBe(
      'delphinerook.com',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await form.getByText('Use letters, digits and hyphens (one DNS label), e.g. site2026').waitFor();
    await selector.fill('cinder1');
    await selector.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectToast(page, 'DKIM key generated');
    await expect(panel.getByLabel('DKIM record name', { exact: true }).textContent()).resolves.toBe(
      'cinder1._domainkey.delphinerook.com',
    );
    const value = await panel.getByLabel('DKIM record value', { exact: true }).textContent();
    expect(value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{360,}=*$/);
    await panel.getByRole('button', { name: 'Copy DKIM record value' }).waitFor();
    await form.getByRole('button', { name: 'Generate a new key' }).waitFor();

    await screenshots(page, panel, 'sender-check');
    expect(site.problems).toEqual([]);
  });
});

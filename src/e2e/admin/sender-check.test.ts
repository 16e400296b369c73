import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { expectToast, logIn, openTab } from './admin-helpers.js';

describe('Settings → Sender check and the DKIM key generator', () => {
  const site = useBrowserSite({ env: { MAIL_FROM: 'Delphine Rook <news@delphinerook.com>' } });

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
      .getByRole('listitem', { name: 'DKIM: Missing' })
      .getByText('The site does not sign its mail with DKIM yet.')
      .waitFor();
    // Whatever the machine's DNS answers (it reaches none but loopback), each record has a plain verdict.
    expect(await records.getByRole('listitem').count()).toBe(3);

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

    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.screenshot({ path: path.join(tmpdir(), 'sender-check-1280.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: path.join(tmpdir(), 'sender-check-375.png') });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(site.problems).toEqual([]);
  });
});

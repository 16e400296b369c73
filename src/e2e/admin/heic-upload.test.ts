import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { HEIC_PHOTO } from '../../server/test-support/images.js';
import { expectUploadFeedback, logIn, openTab } from './admin-helpers.js';

/** An iPhone's HEIC photo picked in the admin: uploaded, stored as JPEG, and shown by the browser. */
describe('admin: a HEIC photo upload', () => {
  const site = useBrowserSite();
  let page: Page;

  beforeAll(async () => {
    page = site.page;
    await logIn(page, site);
  });

  it('offers .heic in the picker, uploads a HEIC the browser gives no type, and previews the stored JPEG', async () => {
    await openTab(page, 'Art');
    await page.getByRole('button', { name: 'Add Art Piece', exact: true }).click();
    const picker = page.locator('input[type="file"]');
    expect(await picker.getAttribute('accept')).toMatch(/\.heic/);
    // Desktop Chromium declares no type for a .heic file.
    await picker.setInputFiles({ name: 'IMG_0002.HEIC', mimeType: '', buffer: HEIC_PHOTO });
    await expectUploadFeedback(page, 'Image', { ok: true, title: 'Upload successful', text: 'Uploaded IMG_0002.HEIC' });
    const field = page.getByRole('textbox', { name: 'Image', exact: true });
    expect(await field.inputValue()).toMatch(/^\/objects\/[0-9a-f]{32}\.jpg$/);
    const preview = page.getByRole('img', { name: 'Image preview' });
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight]))
      .toEqual([true, 600, 400]);
    expect(site.problems).toEqual([]);
  });
});

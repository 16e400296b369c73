import { access, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openVerifiedArchive } from '../../server/operations/backup/open-archive.js';
import { pngImage } from '../../server/test-support/images.js';
import { useBrowserSite } from '../support/fixture.js';
import { expectToast, logIn, openTab } from './admin-helpers.js';

const OLD_UNUSED = 'd0000000000000000000000000000001.png';
const FRESH_UNUSED = 'd0000000000000000000000000000002.png';

/** Settings: the last backup, downloading a fresh one, and removing uploads no content uses. */
describe('admin settings: backups and unused uploads', () => {
  const site = useBrowserSite();
  let page: Page;
  let downloads: string;
  const uploadFile = (name: string) => path.join(site.dataDir, 'uploads', name);

  beforeAll(async () => {
    page = site.page;
    downloads = await mkdtemp(path.join(tmpdir(), 'settings-downloads-'));
    await writeFile(uploadFile(OLD_UNUSED), pngImage(500));
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(uploadFile(OLD_UNUSED), twoDaysAgo, twoDaysAgo);
    await writeFile(uploadFile(FRESH_UNUSED), pngImage(500));
    await logIn(page, site);
    await openTab(page, 'Settings');
  });
  afterAll(async () => {
    await rm(downloads, { recursive: true, force: true });
  });

  it('shows no backup yet, then downloads a fresh, verifiable archive and shows it as the last backup', async () => {
    const lastBackup = page.getByTestId('last-backup');
    await expect.poll(() => lastBackup.textContent()).toBe('Last backup: none yet');
    await page.getByText('A backup is made every day; the newest 14 are kept on the server.').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download a backup now' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^site-backup-.*\.tar\.gz$/);
    const saved = path.join(downloads, download.suggestedFilename());
    await download.saveAs(saved);
    await expectToast(page, 'Backup downloaded', `Saving ${download.suggestedFilename()}`);

    const archive = await openVerifiedArchive(saved);
    expect(archive.manifest.database.tables.books?.rows).toBeGreaterThan(0);
    expect(archive.manifest.uploads.map((upload) => upload.name)).toContain(OLD_UNUSED);
    await archive.dispose();

    const status = (await (
      await fetch(`${site.baseUrl}/api/admin/backups/latest`, {
        headers: { authorization: `Bearer ${site.adminPassword}` },
      })
    ).json()) as { lastBackup: { name: string; bytes: number } };
    expect(status.lastBackup.name).toBe(download.suggestedFilename());
    await expect
      .poll(() => lastBackup.textContent())
      .toMatch(/^Last backup: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M · \d/);
  });

  it('lists unused uploads and removes an old one after confirmation; a fresh one cannot be removed yet', async () => {
    const list = page.getByRole('list', { name: 'Unused uploads' });
    await list.getByText(OLD_UNUSED).waitFor();
    await list.getByText(FRESH_UNUSED).waitFor();
    expect(await page.getByRole('button', { name: `Remove ${FRESH_UNUSED}` }).isDisabled()).toBe(true);
    await list
      .getByText(/Can be removed from/)
      .first()
      .waitFor();

    await page.getByRole('button', { name: `Remove ${OLD_UNUSED}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete upload?' });
    await dialog.getByText(`“${OLD_UNUSED}” will be permanently deleted. This cannot be undone.`).waitFor();
    await dialog.getByRole('button', { name: 'Delete upload' }).click();
    await expectToast(page, 'Uploads removed', `Removed ${OLD_UNUSED}`);
    await list.getByText(OLD_UNUSED).waitFor({ state: 'detached' });
    await expect(access(uploadFile(OLD_UNUSED))).rejects.toThrow();
    await access(uploadFile(FRESH_UNUSED));
    expect(site.problems).toEqual([]);
  });
});

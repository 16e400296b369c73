import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedDemoContent, type DemoContentStore } from '../../../../db/seed/seed-demo.js';
import type { AppDatabase } from '../../db/connection.js';
import { publicDir } from '../../paths.js';
import { createArtPiece } from '../../content/art/art-pieces-repository.js';
import { createBlogPost } from '../../content/blog/blog-posts-repository.js';
import { createBook } from '../../content/books/books-repository.js';
import { createExcerpt } from '../../content/excerpts/excerpts-repository.js';
import { createPlaylist } from '../../content/playlists/playlists-repository.js';
import { createSeries } from '../../content/series/series-repository.js';
import { writeSettings } from '../../site/settings/site-settings-repository.js';
import { SITE_SETTINGS_KEY, siteSettingsSchema } from '../../../domain/site-settings.js';
import { FileUploadStore } from '../../content/uploads/file-upload-store.js';
import type { UploadStore } from '../../content/uploads/upload-store.js';
import { createGiftFileStore } from '../../newsletter/gift/gift-file-store.js';
import { createSalesFileStore } from '../../sales/copies/sales-file-store.js';
import { seedDemoArc } from './demo-arc.js';
import { seedDemoEditionFile } from './demo-edition-file.js';
import { seedDemoGift } from './demo-gift.js';
import { seedDemoSale } from './demo-sale.js';

const DEMO_GIFT_COVER = '/objects/cover-ashwarden.svg';

/** The content repositories, all writing through `db` (a transaction when seeding). */
function contentStore(db: AppDatabase): DemoContentStore {
  return {
    createSeries: (data) => createSeries(db, data),
    createBook: (data) => createBook(db, data),
    createExcerpt: (data) => createExcerpt(db, data),
    createBlogPost: (data, publishedAt) => createBlogPost(db, data, publishedAt),
    createArtPiece: (data) => createArtPiece(db, data),
    createPlaylist: (data) => createPlaylist(db, data),
    saveSiteSettings: (data) => writeSettings(db, SITE_SETTINGS_KEY, siteSettingsSchema, data),
  };
}

/**
 * Seeds the demo series in one transaction: a failure leaves the database empty. The demo images
 * go to the upload store: straight into its folder, or through a temporary one into the database.
 */
export async function seedDemoDatabase(db: AppDatabase, uploads: UploadStore): Promise<void> {
  const demoImagesDir = path.join(publicDir, 'demo');
  if (uploads instanceof FileUploadStore) {
    const uploadsDir = uploads.folder;
    await db.transaction().execute((trx) => seedDemoContent(contentStore(trx), { demoImagesDir, uploadsDir }));
    await seedDemoGift(db, createGiftFileStore(db, 'files', path.dirname(uploadsDir)), DEMO_GIFT_COVER);
    await seedDemoSale(db);
    const salesFiles = createSalesFileStore(db, 'files', path.dirname(uploadsDir));
    await seedDemoEditionFile(db, salesFiles);
    await seedDemoArc(db, salesFiles);
    return;
  }
  const uploadsDir = await mkdtemp(path.join(tmpdir(), 'site-demo-images-'));
  try {
    await db.transaction().execute((trx) => seedDemoContent(contentStore(trx), { demoImagesDir, uploadsDir }));
    for (const name of await readdir(uploadsDir)) {
      await uploads.write(name, await readFile(path.join(uploadsDir, name)), 'replace');
    }
  } finally {
    await rm(uploadsDir, { recursive: true, force: true });
  }
  await seedDemoGift(db, createGiftFileStore(db, 'database', ''), DEMO_GIFT_COVER);
  await seedDemoSale(db);
  const salesFiles = createSalesFileStore(db, 'database', '');
  await seedDemoEditionFile(db, salesFiles);
  await seedDemoArc(db, salesFiles);
}

import path from 'node:path';
import { seedDemoContent, type DemoContentStore } from '../../../db/seed/seed-demo.js';
import type { AppDatabase } from '../db/connection.js';
import { publicDir } from '../paths.js';
import { createArtPiece } from '../repositories/art-pieces.js';
import { createBlogPost } from '../repositories/blog-posts.js';
import { createBook } from '../repositories/books.js';
import { createExcerpt } from '../repositories/excerpts.js';
import { createPlaylist } from '../repositories/playlists.js';
import { createSeries } from '../repositories/series.js';

/** The content repositories, all writing through `db` (a transaction when seeding). */
function contentStore(db: AppDatabase): DemoContentStore {
  return {
    createSeries: (data) => createSeries(db, data),
    createBook: (data) => createBook(db, data),
    createExcerpt: (data) => createExcerpt(db, data),
    createBlogPost: (data, publishedAt) => createBlogPost(db, data, publishedAt),
    createArtPiece: (data) => createArtPiece(db, data),
    createPlaylist: (data) => createPlaylist(db, data),
  };
}

/** Seeds the demo series in one transaction: a failure leaves the database empty. */
export async function seedDemoDatabase(db: AppDatabase, uploadsDir: string): Promise<void> {
  const demoImagesDir = path.join(publicDir, 'demo');
  await db.transaction().execute((trx) => seedDemoContent(contentStore(trx), { demoImagesDir, uploadsDir }));
}

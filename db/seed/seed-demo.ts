import { chmod, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { artPieceInputSchema, type ArtPieceData } from '../../src/domain/art.schema.js';
import { blogPostInputSchema, type BlogPostData } from '../../src/domain/blog.schema.js';
import { bookInputSchema, type BookData } from '../../src/domain/books.schema.js';
import { excerptInputSchema, type ExcerptData } from '../../src/domain/excerpts.schema.js';
import { UPLOADED_OBJECT_PREFIX } from '../../src/domain/images.js';
import { playlistInputSchema, type PlaylistData } from '../../src/domain/playlists.schema.js';
import { seriesInputSchema, type SeriesData } from '../../src/domain/series.schema.js';
import {
  DEMO_IMAGE_FILES,
  demoArtPieces,
  demoBlogPosts,
  demoBooks,
  demoExcerpts,
  demoPlaylists,
  demoSeries,
} from './demo-content.js';
import { demoSiteSettings } from './demo-site-settings.js';
import type { SiteSettingsInput } from '../../src/domain/site-settings.js';

/** Where the demo records go: the server passes its repositories, bound to one transaction. */
export interface DemoContentStore {
  createSeries(data: SeriesData): Promise<{ id: string }>;
  createBook(data: BookData): Promise<{ id: string }>;
  createExcerpt(data: ExcerptData): Promise<unknown>;
  createBlogPost(data: BlogPostData, publishedAt: string): Promise<unknown>;
  createArtPiece(data: ArtPieceData): Promise<unknown>;
  createPlaylist(data: PlaylistData): Promise<unknown>;
  /** The site's own words (Settings → Site). */
  saveSiteSettings(data: SiteSettingsInput): Promise<unknown>;
}

export type DemoSeedFolders = {
  /** Holds the demo images (public/demo). */
  demoImagesDir: string;
  /** Where uploaded images live; the demo images are copied there. */
  uploadsDir: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const objectPath = (file: string) => `${UPLOADED_OBJECT_PREFIX}${file}`;

/**
 * Fills a new database with the demo series. Images are copied from the demo folder into the
 * uploads folder so they follow the same /objects/ rule as the author's own uploads.
 * Every record goes through the same schema as an admin write.
 */
export async function seedDemoContent(store: DemoContentStore, folders: DemoSeedFolders): Promise<void> {
  await Promise.all(
    DEMO_IMAGE_FILES.map(async (file) => {
      const copy = path.join(folders.uploadsDir, file);
      await copyFile(path.join(folders.demoImagesDir, file), copy);
      // Like every upload: readable by the site's own user only.
      await chmod(copy, 0o600);
    }),
  );
  const series = await store.createSeries(seriesInputSchema.parse(demoSeries));
  const bookIds = new Map<string, string>();
  for (const { key, coverFile, ...book } of demoBooks) {
    const created = await store.createBook(
      bookInputSchema.parse({ ...book, seriesId: series.id, coverImage: objectPath(coverFile) }),
    );
    bookIds.set(key, created.id);
  }
  for (const { bookKey, ...excerpt } of demoExcerpts) {
    const bookId = bookIds.get(bookKey);
    if (!bookId) throw new Error(`Demo excerpt "${excerpt.title}" names unknown book ${bookKey}`);
    await store.createExcerpt(excerptInputSchema.parse({ ...excerpt, bookId }));
  }
  const now = Date.now();
  for (const { coverFile, daysAgo, ...post } of demoBlogPosts) {
    const data = blogPostInputSchema.parse({ ...post, coverImage: objectPath(coverFile) });
    await store.createBlogPost(data, new Date(now - daysAgo * DAY_MS).toISOString());
  }
  for (const { imageFile, bookKey, ...piece } of demoArtPieces) {
    const bookId = bookKey === undefined ? null : bookIds.get(bookKey);
    if (bookId === undefined) throw new Error(`Demo art "${piece.title}" names unknown book ${bookKey}`);
    await store.createArtPiece(artPieceInputSchema.parse({ ...piece, bookId, imageUrl: objectPath(imageFile) }));
  }
  for (const playlist of demoPlaylists) {
    await store.createPlaylist(playlistInputSchema.parse(playlist));
  }
  await store.saveSiteSettings(demoSiteSettings);
}

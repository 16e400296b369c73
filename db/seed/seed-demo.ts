import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { artPieceInputSchema } from '../../src/domain/art.schema.js';
import { blogPostInputSchema } from '../../src/domain/blog.schema.js';
import { bookInputSchema } from '../../src/domain/books.schema.js';
import { excerptInputSchema } from '../../src/domain/excerpts.schema.js';
import { UPLOADED_OBJECT_PREFIX } from '../../src/domain/images.js';
import { playlistInputSchema } from '../../src/domain/playlists.schema.js';
import type { AppDatabase } from '../../src/server/db/connection.js';
import { publicDir } from '../../src/server/paths.js';
import { createArtPiece } from '../../src/server/repositories/art-pieces.js';
import { createBlogPost } from '../../src/server/repositories/blog-posts.js';
import { createBook } from '../../src/server/repositories/books.js';
import { createExcerpt } from '../../src/server/repositories/excerpts.js';
import { createPlaylist } from '../../src/server/repositories/playlists.js';
import {
  DEMO_IMAGE_FILES,
  demoArtPieces,
  demoBlogPosts,
  demoBooks,
  demoExcerpts,
  demoPlaylists,
} from './demo-content.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const objectPath = (file: string) => `${UPLOADED_OBJECT_PREFIX}${file}`;

/**
 * Fills a new database with the demo series. Images are copied from public/demo into the
 * uploads folder so they follow the same /objects/ rule as the author's own uploads.
 * Every record goes through the same schema as an admin write.
 */
export async function seedDemoContent(db: AppDatabase, uploadsDir: string): Promise<void> {
  await Promise.all(
    DEMO_IMAGE_FILES.map((file) => copyFile(path.join(publicDir, 'demo', file), path.join(uploadsDir, file))),
  );
  await db.transaction().execute(async (trx) => {
    const bookIds = new Map<string, string>();
    for (const { key, coverFile, ...book } of demoBooks) {
      const created = await createBook(trx, bookInputSchema.parse({ ...book, coverImage: objectPath(coverFile) }));
      bookIds.set(key, created.id);
    }
    for (const { bookKey, ...excerpt } of demoExcerpts) {
      const bookId = bookIds.get(bookKey);
      if (!bookId) throw new Error(`Demo excerpt "${excerpt.title}" names unknown book ${bookKey}`);
      await createExcerpt(trx, excerptInputSchema.parse({ ...excerpt, bookId }));
    }
    const now = Date.now();
    for (const { coverFile, daysAgo, ...post } of demoBlogPosts) {
      const data = blogPostInputSchema.parse({ ...post, coverImage: objectPath(coverFile) });
      await createBlogPost(trx, data, new Date(now - daysAgo * DAY_MS).toISOString());
    }
    for (const { imageFile, ...piece } of demoArtPieces) {
      await createArtPiece(trx, artPieceInputSchema.parse({ ...piece, imageUrl: objectPath(imageFile) }));
    }
    for (const playlist of demoPlaylists) {
      await createPlaylist(trx, playlistInputSchema.parse(playlist));
    }
  });
}

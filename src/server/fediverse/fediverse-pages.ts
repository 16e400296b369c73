import { blogPostPath, excerptPath } from '../../domain/content-links.js';
import { findBlogPost } from '../content/blog/blog-posts-repository.js';
import type { AppDatabase } from '../db/connection.js';

/** Where a browser asking for an ActivityPub address is sent: the About page, or the post's or excerpt's page. */
export async function pageOfFediverseAddress(db: AppDatabase, path: string): Promise<string> {
  const post = /^\/ap\/posts\/([^/]+)$/.exec(path);
  if (post) {
    const found = await findBlogPost(db, decodeURIComponent(post[1]!));
    if (found?.status === 'published') return blogPostPath(found);
  }
  const excerpt = /^\/ap\/excerpts\/([^/]+)$/.exec(path);
  if (excerpt) {
    const found = await db
      .selectFrom('excerpts')
      .select('slug')
      .where('id', '=', decodeURIComponent(excerpt[1]!))
      .executeTakeFirst();
    if (found) return excerptPath(found);
  }
  return '/about';
}

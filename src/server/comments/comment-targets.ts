import { commentTargetPath, type CommentTargetKind } from '../../domain/comments.js';
import type { AppDatabase } from '../db/connection.js';

/** What a comment hangs under: a published post or an excerpt, with what the rules need of it. */
export type CommentTarget = {
  kind: CommentTargetKind;
  id: string;
  title: string;
  /** The page the comments are on (a post by its slug). */
  path: string;
  /** A post's publication time: comments close N days after it (Settings → Comments). */
  publishedAt: string | null;
  bookTitle: string | null;
};

/**
 * The item a comment hangs under: a published post (or, for the admin, `anyState`, a draft or scheduled one too)
 * or an excerpt.
 */
export async function findCommentTarget(
  db: AppDatabase,
  kind: CommentTargetKind,
  id: string,
  options: { anyState?: boolean } = {},
): Promise<CommentTarget | undefined> {
  if (kind === 'post') {
    let query = db.selectFrom('blogPosts').select(['id', 'title', 'slug', 'publishedAt']).where('id', '=', id);
    if (!options.anyState) query = query.where('status', '=', 'published');
    const post = await query.executeTakeFirst();
    return (
      post && {
        kind,
        id: post.id,
        title: post.title,
        path: commentTargetPath('post', post.slug),
        publishedAt: post.publishedAt,
        bookTitle: null,
      }
    );
  }
  const excerpt = await db
    .selectFrom('excerpts')
    .leftJoin('books', 'books.id', 'excerpts.bookId')
    .select(['excerpts.id', 'excerpts.slug', 'excerpts.title', 'books.title as bookTitle'])
    .where('excerpts.id', '=', id)
    .executeTakeFirst();
  return (
    excerpt && {
      kind,
      id: excerpt.id,
      title: excerpt.title,
      path: commentTargetPath('excerpt', excerpt.slug),
      publishedAt: null,
      bookTitle: excerpt.bookTitle ?? null,
    }
  );
}

import type { Context } from '@fedify/fedify';
import { Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { ContentFormat } from '../../domain/content-format.js';
import { excerptPath } from '../../domain/content-links.js';
import { spoilerBadgeFor, type SpoilerLevel } from '../../domain/excerpts.js';
import { withContentHtml } from '../content/rendering/content-html.js';
import type { AppDatabase } from '../db/connection.js';
import { escapeHtml } from '../newsletter/notice-page.js';
import { ACTOR_IDENTIFIER } from './actor-identity.js';

/**
 * The content warning of an excerpt at `level` from `bookTitle` ("Major Spoilers: The Throne of Ash", in the words of
 * the excerpt's badge), or null when it spoils nothing.
 */
function excerptContentWarning(level: string, bookTitle: string | null): string | null {
  if (level === ('none' satisfies SpoilerLevel)) return null;
  const label = spoilerBadgeFor(level).label;
  return bookTitle ? `${label}: ${bookTitle}` : label;
}

/**
 * An excerpt as an ActivityPub `Note` (Mastodon shows a Note's `summary` as its content warning, an Article's not):
 * its title and book, its rendered text and a link to its page; at a spoiler level, `sensitive` with the level and
 * book as the `summary`. Undefined for an excerpt that does not exist (any excerpt is public).
 */
export async function noteOfExcerpt(ctx: Context<void>, db: AppDatabase, excerptId: string): Promise<Note | undefined> {
  const row = await db
    .selectFrom('excerpts')
    .leftJoin('books', 'books.id', 'excerpts.bookId')
    .select([
      'excerpts.id',
      'excerpts.title',
      'excerpts.slug',
      'excerpts.content',
      'excerpts.contentFormat',
      'excerpts.spoilerLevel',
      'books.title as bookTitle',
    ])
    .where('excerpts.id', '=', excerptId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [excerpt] = await withContentHtml(
    db,
    [{ ...row, contentFormat: row.contentFormat as ContentFormat }],
    ctx.origin,
  );
  const url = new URL(excerptPath(row), ctx.origin);
  const warning = excerptContentWarning(row.spoilerLevel, row.bookTitle);
  const heading = `<p><strong>${escapeHtml(row.title)}</strong>${row.bookTitle ? ` — from <em>${escapeHtml(row.bookTitle)}</em>` : ''}</p>`;
  return new Note({
    id: ctx.getObjectUri(Note, { id: row.id }),
    attribution: ctx.getActorUri(ACTOR_IDENTIFIER),
    name: row.title,
    content: `${heading}${excerpt!.contentHtml}<p><a href="${escapeHtml(url.href)}">${escapeHtml(url.href)}</a></p>`,
    mediaType: 'text/html',
    url,
    sensitive: warning !== null,
    summary: warning,
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(ACTOR_IDENTIFIER),
  });
}

import type { ContentFormat } from '../../../domain/content-format.js';
import type { SpoilerLevel } from '../../../domain/excerpts.js';
import type { MoveDirection } from '../../../domain/excerpts.schema.js';
import type { Excerpt, ExcerptData } from '../../../domain/excerpts.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import type { ExcerptRow } from '../../db/schema.js';
import { inTransaction } from '../../db/in-transaction.js';
import { newId } from '../../db/row-conversion.js';
import { slugify, uniqueSlug } from '../../../domain/slugs.js';
import {
  dropRedirectsTo,
  listSlugRedirects,
  recordSlugChange,
  releaseSlug,
} from '../books/slug-redirects-repository.js';
import { indexExcerpt, unindex } from '../search/search-index.js';

const EXCERPT_COLUMNS = [
  'id',
  'bookId',
  'title',
  'description',
  'content',
  'readTime',
  'spoilerLevel',
  'contentFormat',
  'position',
  'slug',
] as const;

const QUALIFIED_EXCERPT_COLUMNS = EXCERPT_COLUMNS.map((column) => `excerpts.${column}` as const);

const toExcerpt = (row: ExcerptRow): Excerpt => ({
  ...row,
  spoilerLevel: row.spoilerLevel as SpoilerLevel,
  contentFormat: row.contentFormat as ContentFormat,
});

/** Excerpts in their books' display order, and within a book in the author's order (opening pages first). */
export async function listExcerpts(db: AppDatabase): Promise<Excerpt[]> {
  const rows = await db
    .selectFrom('excerpts')
    .innerJoin('books', 'books.id', 'excerpts.bookId')
    .select(QUALIFIED_EXCERPT_COLUMNS)
    .orderBy('books.order')
    .orderBy('books.title')
    .orderBy('books.id')
    .orderBy('excerpts.position')
    .orderBy('excerpts.title')
    .orderBy('excerpts.id')
    .execute();
  return rows.map(toExcerpt);
}

/** One book's excerpts in reading order (ties, which only a race could make, by title). */
async function excerptsOfBook(db: AppDatabase, bookId: string): Promise<Excerpt[]> {
  const rows = await db
    .selectFrom('excerpts')
    .select(EXCERPT_COLUMNS)
    .where('bookId', '=', bookId)
    .orderBy('position')
    .orderBy('title')
    .orderBy('id')
    .execute();
  return rows.map(toExcerpt);
}

async function nextPosition(db: AppDatabase, bookId: string): Promise<number> {
  const row = await db
    .selectFrom('excerpts')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('bookId', '=', bookId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** The id of the excerpt with this slug, other than `exceptId`. */
export async function excerptIdWithSlug(db: AppDatabase, slug: string, exceptId?: string): Promise<string | undefined> {
  let query = db.selectFrom('excerpts').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

/** Earlier slugs of edited excerpts, each to the excerpt it now leads to. */
export function listOldExcerptSlugs(db: AppDatabase): Promise<Map<string, string>> {
  return listSlugRedirects(db, 'excerpt');
}

/** A slug made from the title that no excerpt holds, nor any excerpt's old address (its links keep their meaning). */
async function freeSlugFor(db: AppDatabase, title: string): Promise<string> {
  const base = slugify(title, 'excerpt');
  const [current, old] = await Promise.all([
    db.selectFrom('excerpts').select('slug').where('slug', 'like', `${base}%`).execute(),
    db
      .selectFrom('slugRedirects')
      .select('oldSlug as slug')
      .where('kind', '=', 'excerpt')
      .where('oldSlug', 'like', `${base}%`)
      .execute(),
  ]);
  return uniqueSlug(base, new Set([...current, ...old].map((row) => row.slug)));
}

/** A new excerpt comes last in its book; a blank slug is made from the title. */
export async function createExcerpt(db: AppDatabase, { slug, ...data }: ExcerptData): Promise<Excerpt> {
  return inTransaction(db, async (trx) => {
    const row = {
      id: newId(),
      ...data,
      position: await nextPosition(trx, data.bookId),
      slug: slug ?? (await freeSlugFor(trx, data.title)),
    };
    await releaseSlug(trx, 'excerpt', row.slug);
    await trx.insertInto('excerpts').values(row).execute();
    await indexExcerpt(trx, row);
    return row;
  });
}

/**
 * An excerpt keeps its place; moved to another book, it comes last there. A blank slug keeps the current one; an
 * edited slug leaves the old one leading here.
 */
export async function updateExcerpt(
  db: AppDatabase,
  id: string,
  { slug: newSlug, ...data }: ExcerptData,
): Promise<Excerpt | undefined> {
  return inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('excerpts')
      .select(['bookId', 'position', 'slug'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return undefined;
    const position = current.bookId === data.bookId ? current.position : await nextPosition(trx, data.bookId);
    const slug = newSlug ?? current.slug;
    await recordSlugChange(trx, 'excerpt', id, current.slug, slug);
    await trx
      .updateTable('excerpts')
      .set({ ...data, position, slug })
      .where('id', '=', id)
      .execute();
    const excerpt = { id, ...data, position, slug };
    await indexExcerpt(trx, excerpt);
    // An excerpt shared on the fediverse goes out again as an `Update` (src/server/fediverse/content-federation.ts).
    await trx.updateTable('fediverseObjects').set({ edited: 1 }).where('objectId', '=', id).execute();
    return excerpt;
  });
}

/** Excerpts restored from an export made before excerpts had slugs get one, made from the title. */
export async function fillMissingExcerptSlugs(db: AppDatabase): Promise<void> {
  const rows = await db
    .selectFrom('excerpts')
    .select(['id', 'title'])
    .where('slug', 'is', null)
    .orderBy('id')
    .execute();
  for (const row of rows)
    await db
      .updateTable('excerpts')
      .set({ slug: await freeSlugFor(db, row.title) })
      .where('id', '=', row.id)
      .execute();
}

type MoveOutcome = { moved: Excerpt[] } | { refused: 'missing' | 'edge'; excerpt?: Excerpt };

/**
 * Moves an excerpt one place up or down within its book. The book's excerpts are numbered
 * 1…n again on the way, so gaps (a deleted excerpt) or ties never make a move do nothing.
 * Answers the book's excerpts in their new order.
 */
export async function moveExcerpt(db: AppDatabase, id: string, direction: MoveDirection): Promise<MoveOutcome> {
  return inTransaction(db, async (trx): Promise<MoveOutcome> => {
    const row = await trx.selectFrom('excerpts').select('bookId').where('id', '=', id).executeTakeFirst();
    if (!row) return { refused: 'missing' };
    const order = await excerptsOfBook(trx, row.bookId);
    const from = order.findIndex((excerpt) => excerpt.id === id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return { refused: 'edge', excerpt: order[from] };
    [order[from], order[to]] = [order[to]!, order[from]!];
    const moved = order.map((excerpt, index) => ({ ...excerpt, position: index + 1 }));
    for (const [index, excerpt] of moved.entries()) {
      if (excerpt.position !== order[index]!.position)
        await trx.updateTable('excerpts').set({ position: excerpt.position }).where('id', '=', excerpt.id).execute();
    }
    return { moved };
  });
}

export async function deleteExcerpt(db: AppDatabase, id: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('excerpts').where('id', '=', id).executeTakeFirst();
    await unindex(trx, 'excerpt', id);
    await dropRedirectsTo(trx, 'excerpt', id);
    return result.numDeletedRows > 0n;
  });
}

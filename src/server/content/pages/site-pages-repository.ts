import type { ContentFormat } from '../../../domain/content-format.js';
import type { PostState } from '../../../domain/post-states.js';
import type { SitePageData } from '../../../domain/site-pages.schema.js';
import { MAX_PAGE_DEPTH, RESERVED_PAGE_SEGMENTS, reservedPathMessage } from '../../../domain/site-pages.js';
import { slugify, uniqueSlug } from '../../../domain/slugs.js';
import type { AppDatabase } from '../../db/connection.js';
import { inTransaction } from '../../db/in-transaction.js';
import { newId, timestampNow, toDate } from '../../db/row-conversion.js';
import type { SitePageRow } from '../../db/schema.js';

/** A page as stored; `parentId` is '' for a top-level page. */
export type SitePage = {
  id: string;
  parentId: string;
  slug: string;
  title: string;
  content: string;
  contentFormat: ContentFormat;
  status: PostState;
  publishedAt: Date;
  metaDescription: string;
  socialImage: string;
  updatedAt: Date;
};

/** A page without its text: what the lists and the addresses need. */
export type SitePageCard = Omit<SitePage, 'content'>;

/** Why a write was refused: a client's mistake, told as such (BAD_REQUEST or CONFLICT), never a 500. */
export class PageWriteRefused extends Error {
  constructor(
    readonly code: 'BAD_REQUEST' | 'CONFLICT',
    message: string,
  ) {
    super(message);
  }
}

export const PAGE_SLUG_TAKEN = 'Another page at this place already uses this slug';

const CARD_COLUMNS = [
  'id',
  'parentId',
  'slug',
  'title',
  'contentFormat',
  'status',
  'publishedAt',
  'metaDescription',
  'socialImage',
  'updatedAt',
] as const;

const toCard = (row: Omit<SitePageRow, 'content'>): SitePageCard => ({
  ...row,
  contentFormat: row.contentFormat as ContentFormat,
  status: row.status as PostState,
  publishedAt: toDate(row.publishedAt),
  updatedAt: toDate(row.updatedAt),
});

/** Every page without its text, by title (a site has tens of pages, an imported WordPress site a few hundred). */
export async function listSitePages(db: AppDatabase): Promise<SitePageCard[]> {
  const rows = await db.selectFrom('sitePages').select(CARD_COLUMNS).orderBy('title').orderBy('id').execute();
  return rows.map(toCard);
}

export async function findSitePage(db: AppDatabase, id: string): Promise<SitePage | undefined> {
  const row = await db
    .selectFrom('sitePages')
    .select([...CARD_COLUMNS, 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...toCard(row), content: row.content };
}

/** Published: kept; scheduled for a time already past: published then; a draft is dated by its last save. */
function stateOf(
  data: SitePageData,
  current: { status: PostState; publishedAt: string } | undefined,
  now: string,
): { status: PostState; publishedAt: string } {
  const status = data.status ?? current?.status ?? 'draft';
  if (status === 'scheduled') {
    const at = data.publishAt ?? current?.publishedAt ?? now;
    return at <= now ? { status: 'published', publishedAt: at } : { status, publishedAt: at };
  }
  if (status === 'published' && current?.status === 'published') return current;
  return { status, publishedAt: now };
}

/**
 * The page's place, checked inside the write's transaction: its parent exists, is not itself or one of its own
 * subpages, and is not too deep; a top-level slug is not one of the site's own addresses; no sibling has the slug.
 */
async function checkPlace(db: AppDatabase, id: string | null, parentId: string, slug: string): Promise<void> {
  if (parentId === '' && RESERVED_PAGE_SEGMENTS.has(slug))
    throw new PageWriteRefused('BAD_REQUEST', reservedPathMessage(slug));
  if (parentId !== '') {
    const pages = await db.selectFrom('sitePages').select(['id', 'parentId']).execute();
    const byId = new Map(pages.map((page) => [page.id, page.parentId]));
    if (!byId.has(parentId)) throw new PageWriteRefused('BAD_REQUEST', 'The parent page does not exist');
    let depth = 1;
    for (let at: string | undefined = parentId; at; at = byId.get(at)) {
      if (at === id) throw new PageWriteRefused('BAD_REQUEST', 'A page cannot sit under itself or one of its subpages');
      depth += 1;
      if (depth > MAX_PAGE_DEPTH)
        throw new PageWriteRefused('BAD_REQUEST', `Pages nest at most ${MAX_PAGE_DEPTH} levels deep`);
    }
  }
  let sibling = db.selectFrom('sitePages').select('id').where('parentId', '=', parentId).where('slug', '=', slug);
  if (id) sibling = sibling.where('id', '!=', id);
  if (await sibling.executeTakeFirst()) throw new PageWriteRefused('CONFLICT', PAGE_SLUG_TAKEN);
}

/** A slug from the title, free among the page's siblings (and not a reserved address at the top). */
async function freeSlugFor(db: AppDatabase, title: string, parentId: string): Promise<string> {
  const base = slugify(title, 'page');
  const rows = await db.selectFrom('sitePages').select('slug').where('parentId', '=', parentId).execute();
  const taken = new Set(rows.map((row) => row.slug));
  if (parentId === '') for (const reserved of RESERVED_PAGE_SEGMENTS) taken.add(reserved);
  return uniqueSlug(base, taken);
}

const storedFields = (data: SitePageData) => ({
  title: data.title,
  content: data.content,
  contentFormat: data.contentFormat,
  metaDescription: data.metaDescription,
  socialImage: data.socialImage,
});

/** `publishedAt` dates a page written as published (an imported one keeps its date). */
export async function createSitePage(
  db: AppDatabase,
  data: SitePageData,
  publishedAt?: string,
  now = timestampNow(),
): Promise<SitePage> {
  const id = newId();
  await inTransaction(db, async (trx) => {
    const parentId = data.parentId ?? '';
    const slug = data.slug ?? (await freeSlugFor(trx, data.title, parentId));
    await checkPlace(trx, null, parentId, slug);
    const state = stateOf(data, undefined, now);
    await trx
      .insertInto('sitePages')
      .values({
        id,
        parentId,
        slug,
        ...storedFields(data),
        ...state,
        ...(publishedAt && state.status === 'published' ? { publishedAt } : {}),
        updatedAt: now,
      })
      .execute();
  });
  return (await findSitePage(db, id))!;
}

/** A blank slug keeps the page's; a missing parent (null) makes it a top-level page. */
export async function updateSitePage(
  db: AppDatabase,
  id: string,
  data: SitePageData,
  now = timestampNow(),
): Promise<SitePage | undefined> {
  const updated = await inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('sitePages')
      .select(['status', 'publishedAt', 'slug'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return false;
    const parentId = data.parentId ?? '';
    const slug = data.slug ?? current.slug;
    await checkPlace(trx, id, parentId, slug);
    const state = stateOf(data, { status: current.status as PostState, publishedAt: current.publishedAt }, now);
    await trx
      .updateTable('sitePages')
      .set({ parentId, slug, ...storedFields(data), ...state, updatedAt: now })
      .where('id', '=', id)
      .execute();
    return true;
  });
  return updated ? findSitePage(db, id) : undefined;
}

/** A page with subpages is kept: they would lose their address. */
export async function deleteSitePage(db: AppDatabase, id: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const child = await trx.selectFrom('sitePages').select('id').where('parentId', '=', id).executeTakeFirst();
    if (child)
      throw new PageWriteRefused(
        'CONFLICT',
        'This page has subpages: move or delete them first, or their addresses would break',
      );
    const result = await trx.deleteFrom('sitePages').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  });
}

/** Publishes every scheduled page whose time has come; the number published. */
export async function publishDuePages(db: AppDatabase, now: Date): Promise<number> {
  const result = await db
    .updateTable('sitePages')
    .set({ status: 'published' })
    .where('status', '=', 'scheduled')
    .where('publishedAt', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** When the next scheduled page is due, if any. */
export async function nextScheduledPageTime(db: AppDatabase): Promise<Date | null> {
  const row = await db
    .selectFrom('sitePages')
    .select((eb) => eb.fn.min('publishedAt').as('next'))
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return row?.next ? toDate(row.next) : null;
}

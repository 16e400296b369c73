import { TRPCError } from '@trpc/server';
import { byIdInput } from '../../../domain/fields.schema.js';
import { pageByPathInput, sitePageInputSchema, type SitePageData } from '../../../domain/site-pages.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/row-conversion.js';
import { adminProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import { contentWrites } from '../content-procedures.js';
import { withContentHtml } from '../rendering/content-html.js';
import { listedPages, menusOfPages, pagesWithAddresses, publishedPages, setPageMenu } from './site-pages.js';
import {
  createSitePage,
  deleteSitePage,
  findSitePage,
  PAGE_SLUG_TAKEN,
  PageWriteRefused,
  updateSitePage,
  type SitePage,
} from './site-pages-repository.js';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Page not found' });

/** A refused place (a reserved address, a taken slug, a missing parent) is the client's mistake: 400 or 409. */
async function told<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof PageWriteRefused) throw new TRPCError({ code: error.code, message: error.message });
    // Two writes racing for one slug: the second is told, not failed.
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: PAGE_SLUG_TAKEN });
    throw error;
  }
}

/** A written page as the editor gets it back: with its address and its menu. */
async function forEditor(db: AppDatabase, page: SitePage) {
  const [paths, menuOf] = await Promise.all([pagesWithAddresses(db), menusOfPages(db)]);
  return { ...page, path: paths.find((item) => item.id === page.id)?.path ?? null, menu: menuOf(page.id) };
}

async function written(db: AppDatabase, page: SitePage, data: SitePageData) {
  if (data.menu) await setPageMenu(db, page.id, data.menu);
  return forEditor(db, page);
}

const pageWrites = contentWrites({
  name: 'Page',
  inputSchema: sitePageInputSchema,
  create: async (db, data) => written(db, await told(() => createSitePage(db, data)), data),
  update: async (db, id, data) => {
    const page = await told(() => updateSitePage(db, id, data));
    return page && written(db, page, data);
  },
  remove: async (db, id) => {
    const removed = await told(() => deleteSitePage(db, id));
    if (removed) await setPageMenu(db, id, 'none');
    return removed;
  },
});

/**
 * The author's pages: published ones at their address (/<slug>, /<parent>/<slug>) for everyone; every page, its
 * text and its menu for the admin's editor.
 */
export const sitePagesRouter = router({
  ...pageWrites,
  /** The published pages (title, address, parent), by title: GET /api/pages. */
  list: publicProcedure.query(async ({ ctx }) =>
    (await publishedPages(ctx)).map((page) => ({
      id: page.id,
      title: page.title,
      path: page.path,
      parentId: page.parentId || null,
      publishedAt: page.publishedAt,
      updatedAt: page.updatedAt,
      metaDescription: page.metaDescription,
    })),
  ),
  /** The published page at an address ('level-1/level-2'), rendered, with its parents: the page /<path> shows. */
  byPath: publicProcedure.input(pageByPathInput).query(async ({ ctx, input }) => {
    const pages = await publishedPages(ctx);
    const page = pages.find((item) => item.path === `/${input.path}`);
    if (!page) throw notFound();
    return ctx.cache.getRecent(`pages:page:${page.id}`, async () => {
      const stored = await findSitePage(ctx.db, page.id);
      if (!stored || stored.status !== 'published') throw notFound();
      const [withHtml] = await withContentHtml(ctx.db, [stored], ctx.publicOrigin);
      const { content: _markdown, ...rendered } = withHtml!;
      const parents = listedPages(
        pages.filter((item) => page.path.startsWith(`${item.path}/`)).sort((a, b) => a.path.length - b.path.length),
      );
      return { ...rendered, path: page.path, parents };
    });
  }),
  /** Every page in every state, without its text, with its address and menu: the admin's list. */
  adminList: adminProcedure.query(async ({ ctx }) => {
    const [pages, menuOf] = await Promise.all([pagesWithAddresses(ctx.db), menusOfPages(ctx.db)]);
    return pages.map((page) => ({ ...page, menu: menuOf(page.id) }));
  }),
  /** One page in any state with its Markdown: what the editor opens. */
  adminGet: adminProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const page = await findSitePage(ctx.db, input.id);
    if (!page) throw notFound();
    return forEditor(ctx.db, page);
  }),
});

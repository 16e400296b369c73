import { menuOfPage, placePage, type ListedPage } from '../../../domain/navigation.js';
import type { PageMenu } from '../../../domain/site-pages.js';
import { pagePaths } from '../../../domain/site-pages.js';
import { SITE_SETTINGS_KEY, siteSettingsSchema } from '../../../domain/site-settings.js';
import type { AppDatabase } from '../../db/connection.js';
import type { RequestContext } from '../../trpc/context.js';
import { readSettings, updateSettings } from '../../site/settings/site-settings-repository.js';
import { listSitePages, type SitePageCard } from './site-pages-repository.js';

type ReadContext = Pick<RequestContext, 'db' | 'cache'>;

export type PageWithPath = SitePageCard & { path: string };

/** Every page with its address (as the database is now: the admin's view). */
export async function pagesWithAddresses(db: AppDatabase): Promise<PageWithPath[]> {
  const pages = await listSitePages(db);
  const paths = pagePaths(pages);
  return pages.flatMap((page) => {
    const path = paths.get(page.id);
    return path === undefined ? [] : [{ ...page, path }];
  });
}

/** Every page with its address, cached until the next write. */
const pagesWithPaths = (ctx: ReadContext) => ctx.cache.get('pages:all', () => pagesWithAddresses(ctx.db));

/** The published pages with an address, as the menus and the public list name them. */
export async function publishedPages(ctx: ReadContext): Promise<Array<PageWithPath>> {
  return (await pagesWithPaths(ctx)).filter((page) => page.status === 'published');
}

export const listedPages = (pages: readonly PageWithPath[]): ListedPage[] =>
  pages.map((page) => ({ id: page.id, title: page.title, path: page.path }));

/** Which menu lists each page now (Settings → Site's navigation holds the menus). */
export async function menusOfPages(db: AppDatabase): Promise<(id: string) => PageMenu> {
  const { navigation } = await readSettings(db, SITE_SETTINGS_KEY, siteSettingsSchema);
  return (id) => menuOfPage(navigation, id);
}

/** Lists the page in one menu (at its end, unless it is there already), or in none. */
export async function setPageMenu(db: AppDatabase, id: string, menu: PageMenu): Promise<void> {
  const { navigation } = await readSettings(db, SITE_SETTINGS_KEY, siteSettingsSchema);
  const placed = placePage(navigation, id, menu);
  if (JSON.stringify(placed) !== JSON.stringify(navigation))
    await updateSettings(db, SITE_SETTINGS_KEY, siteSettingsSchema, { navigation: placed });
}

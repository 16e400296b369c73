import {
  SITE_SETTINGS_KEY,
  siteSettingsSchema,
  siteSettingsUpdateSchema,
  type SiteSettings,
} from '../../../domain/site-settings.js';
import { renderContentHtml } from '../../content/rendering/render-content.js';
import type { AppDatabase } from '../../db/connection.js';
import { loadResponsiveImages, withImages } from '../../content/images/responsive-images.js';
import { readSettings, updateSettings } from './site-settings-repository.js';
import { resolveMenus } from '../../../domain/navigation.js';
import { listedPages, publishedPages } from '../../content/pages/site-pages.js';
import type { RequestContext } from '../../trpc/context.js';
import { contentWriteProcedure, publicProcedure, router } from '../../trpc/trpc.js';

const SITE_CACHE_KEY = 'site-settings';

/** The settings as the public pages use them: the bio rendered, the hero and portrait with their variants. */
async function publicSiteSettings(
  ctx: Pick<RequestContext, 'db' | 'cache'>,
  siteOrigin: string | null,
  settings: SiteSettings,
) {
  const db: AppDatabase = ctx.db;
  const images = await loadResponsiveImages(db);
  const pages = listedPages(await publishedPages(ctx));
  const [hero, about] = await Promise.all([
    withImages(db, [settings.hero], (hero) => hero.picture),
    withImages(db, [settings.about], (about) => about.portrait),
  ]);
  return {
    ...settings,
    /** The header's and footer's menus, resolved: labels, addresses (pages not published are left out). */
    menus: resolveMenus(settings.navigation, pages),
    hero: hero[0]!,
    about: {
      ...about[0]!,
      bioHtml: renderContentHtml(settings.about.bio, 'markdown', {
        images,
        ...(siteOrigin ? { siteOrigin } : {}),
      }),
    },
  };
}

/**
 * The site's own words (Settings → Site): read by every public page (through the public cache), written by the
 * admin. A save clears the public caches of every instance, like any content write.
 */
export const siteRouter = router({
  settings: publicProcedure.query(({ ctx }) =>
    ctx.cache.get(SITE_CACHE_KEY, async () =>
      publicSiteSettings(ctx, ctx.publicOrigin, await readSettings(ctx.db, SITE_SETTINGS_KEY, siteSettingsSchema)),
    ),
  ),
  update: contentWriteProcedure
    .input(siteSettingsUpdateSchema)
    .mutation(({ ctx, input }) => updateSettings(ctx.db, SITE_SETTINGS_KEY, siteSettingsSchema, input)),
});

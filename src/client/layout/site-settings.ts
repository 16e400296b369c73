import { siteSettingsSchema } from '../../domain/site-settings.js';
import { trpc, type RouterOutputs } from '../trpc.js';

export type PublicSiteSettings = RouterOutputs['site']['settings'];

/** What a page shows if the settings could not be read: the schema's neutral defaults, never the demo's words. */
const FALLBACK: PublicSiteSettings = (() => {
  const defaults = siteSettingsSchema.parse({});
  return { ...defaults, about: { ...defaults.about, bioHtml: '' } };
})();

/** The site's own words (Settings → Site); the site route's loader has them in the cache before any page renders. */
export function useSiteSettings(): PublicSiteSettings {
  return trpc.site.settings.useQuery(undefined, { staleTime: 60_000 }).data ?? FALLBACK;
}

/** Today in UTC as YYYY-MM-DD: the announcement's dates are whole days. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

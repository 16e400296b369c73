import { DEFAULT_NAVIGATION, resolveMenus } from '../../domain/navigation.js';
import { SITE_SETTINGS_DEFAULTS } from '../../domain/site-settings-defaults.js';
import { trpc, type RouterOutputs } from '../trpc.js';

export type PublicSiteSettings = RouterOutputs['site']['settings'];

/** What a page shows if the settings could not be read: the schema's neutral defaults, never the demo's words. */
const FALLBACK: PublicSiteSettings = {
  ...SITE_SETTINGS_DEFAULTS,
  about: { ...SITE_SETTINGS_DEFAULTS.about, bioHtml: '' },
  social: [],
  navigation: DEFAULT_NAVIGATION,
  menus: resolveMenus(DEFAULT_NAVIGATION, []),
};

/**
 * The site's own words (Settings → Site); the site route's loader has them in the cache before any page renders.
 * They are never fetched again during a visit (the client's default staleTime): a page may come from the
 * server's render cache minutes after it was rendered, but that cache is emptied by every write, so its
 * copy is current — and a time-based staleness would refetch them while the page hydrates.
 */
export function useSiteSettings(): PublicSiteSettings {
  return trpc.site.settings.useQuery().data ?? FALLBACK;
}

/** Today in UTC as YYYY-MM-DD: the announcement's dates are whole days. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

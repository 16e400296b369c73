import { DEFAULT_NAVIGATION } from './navigation.js';

/**
 * The site's own words (Settings → Site) as they are before anything is saved, and when the
 * announcement bar shows. No zod here: the public layout reads these on every page, and the
 * schemas in site-settings.ts (with zod, about 20 KB of gzip JavaScript) load only where a form
 * validates them. site-settings.ts fills never-saved keys with these same values.
 */
export const SITE_SETTINGS_DEFAULTS = {
  announcement: {
    enabled: false,
    label: '',
    text: '',
    linkText: '',
    linkUrl: '',
    startsOn: null,
    endsOn: null,
  },
  hero: { eyebrow: '', headline: 'Welcome', text: '', picture: '/demo/hero.svg' },
  about: { authorName: 'The author', role: '', portrait: '/demo/author-portrait.svg', portraitAlt: '', bio: '' },
  social: [],
  footerText: '',
  seo: { title: 'Author website', description: '' },
  fediverse: { handle: 'author', holdFollows: false, shareExcerpts: false, aliases: [] as string[] },
  navigation: DEFAULT_NAVIGATION,
} as const;

/** The fields of the announcement bar that decide whether it shows. */
type AnnouncementWindow = { enabled: boolean; text: string; startsOn: string | null; endsOn: string | null };

/** Whether the bar shows on `today` (YYYY-MM-DD, UTC): switched on, with text, within its dates. */
export function announcementShowsOn(bar: AnnouncementWindow, today: string): boolean {
  if (!bar.enabled || bar.text === '') return false;
  if (bar.startsOn && today < bar.startsOn) return false;
  if (bar.endsOn && today > bar.endsOn) return false;
  return true;
}

/** A site title longer than this is set smaller in the header (layout.module.css, `.brand[data-long]`). */
export const SITE_TITLE_COMPACT_AFTER = 24;

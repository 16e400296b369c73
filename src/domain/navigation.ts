/**
 * The site's menus (Settings → Site → Navigation): the header's and the footer's entries in order, each a built-in
 * page, one of the author's pages or a link elsewhere, with its label. No zod here: the public layout resolves the
 * menus on every page (the schema is in site-settings.ts).
 */
import { BUILT_IN_PAGES, type BuiltInPath } from './site-pages.js';

export type NavEntry =
  | { kind: 'builtin'; path: BuiltInPath; label: string }
  | { kind: 'page'; pageId: string; label: string }
  | { kind: 'link'; url: string; label: string };

export type Navigation = { header: NavEntry[]; footer: NavEntry[] };

export const MAX_NAV_ENTRIES = 20;
export const MAX_NAV_LABEL = 40;

const builtIn = (path: BuiltInPath): NavEntry => ({ kind: 'builtin', path, label: '' });

/** A new site's menus: the header and footer the site always had. */
export const DEFAULT_NAVIGATION: Navigation = {
  header: (['/', '/books', '/excerpts', '/art-music', '/blog', '/about', '/contact'] as const).map(builtIn),
  footer: [
    ...(['/books', '/excerpts', '/art-music', '/preorder'] as const).map(builtIn),
    { kind: 'builtin', path: '/blog', label: 'Blog & News' },
    { kind: 'builtin', path: '/about', label: 'About the Author' },
    builtIn('/contact'),
  ],
};

/** A menu's link as the header and footer draw it. */
export type MenuLink = { label: string; href: string; external: boolean };

/** What a page needs to be listed: its title and address, for published pages only. */
export type ListedPage = { id: string; title: string; path: string };

/** The menus' links: blank labels take the page's name; pages not published (or deleted) are left out. */
export function resolveMenus(
  navigation: Navigation,
  pages: readonly ListedPage[],
): { header: MenuLink[]; footer: MenuLink[] } {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const resolve = (entry: NavEntry): MenuLink[] => {
    if (entry.kind === 'builtin') {
      const page = BUILT_IN_PAGES.find((item) => item.path === entry.path);
      return page ? [{ label: entry.label || page.label, href: page.path, external: false }] : [];
    }
    if (entry.kind === 'page') {
      const page = byId.get(entry.pageId);
      return page ? [{ label: entry.label || page.title, href: page.path, external: false }] : [];
    }
    return [{ label: entry.label, href: entry.url, external: /^https:/i.test(entry.url) }];
  };
  return { header: navigation.header.flatMap(resolve), footer: navigation.footer.flatMap(resolve) };
}

/** Where a page is listed now: the first menu that names it. */
export function menuOfPage(navigation: Navigation, pageId: string): 'header' | 'footer' | 'none' {
  const names = (entry: NavEntry) => entry.kind === 'page' && entry.pageId === pageId;
  if (navigation.header.some(names)) return 'header';
  if (navigation.footer.some(names)) return 'footer';
  return 'none';
}

/** The menus with the page listed in `menu` only (kept in its place, else at the end), or in neither. */
export function placePage(navigation: Navigation, pageId: string, menu: 'header' | 'footer' | 'none'): Navigation {
  const names = (entry: NavEntry) => entry.kind === 'page' && entry.pageId === pageId;
  const place = (entries: NavEntry[], listed: boolean): NavEntry[] => {
    if (!listed) return entries.filter((entry) => !names(entry));
    if (entries.some(names)) return entries;
    const entry: NavEntry = { kind: 'page', pageId, label: '' };
    return [...entries, entry].slice(-MAX_NAV_ENTRIES);
  };
  return { header: place(navigation.header, menu === 'header'), footer: place(navigation.footer, menu === 'footer') };
}

/**
 * The header's menu takes the width of a laptop's screen from this many characters of labels (or this many
 * entries) on: past it, the menu lives in the burger's menu at every width, so the header never overflows.
 */
const HEADER_MENU_FITS = { entries: 8, characters: 60 } as const;

export function headerMenuFits(links: readonly MenuLink[]): boolean {
  const characters = links.reduce((sum, link) => sum + link.label.length, 0);
  return links.length <= HEADER_MENU_FITS.entries && characters <= HEADER_MENU_FITS.characters;
}

/**
 * The author's pages (/<slug>, nested under a parent: /level-1/level-2) and the site's own pages they may never
 * shadow. No zod here: the public header reads the built-in pages on every page.
 */
import { LEGACY_ADDRESS_SEGMENTS } from './legacy-addresses.js';

/** The site's built-in public pages, as src/client/router.tsx routes them, with their default menu labels. */
export const BUILT_IN_PAGES = [
  { path: '/', label: 'Home' },
  { path: '/books', label: 'Books' },
  { path: '/excerpts', label: 'Excerpts' },
  { path: '/art-music', label: 'Art & Music' },
  { path: '/blog', label: 'Blog' },
  { path: '/about', label: 'About' },
  { path: '/contact', label: 'Contact' },
  { path: '/preorder', label: 'Preorder' },
  { path: '/search', label: 'Search' },
  { path: '/newsletter/archive', label: 'Newsletter archive' },
] as const;

export type BuiltInPath = (typeof BUILT_IN_PAGES)[number]['path'];
export const BUILT_IN_PATHS = BUILT_IN_PAGES.map((page) => page.path) as [BuiltInPath, ...BuiltInPath[]];

/**
 * First segments the server answers itself (its routes, files and the admin area): a top-level page may not take
 * one. The tests derive the server's and the client router's top-level paths and check each is here.
 */
const SERVER_SEGMENTS = [
  'admin',
  'api',
  'trpc',
  'assets',
  'objects',
  'uploads',
  'demo',
  'fonts',
  'healthz',
  'robots.txt',
  'sitemap.xml',
  'favicon.ico',
  'favicon.svg',
  'manifest.webmanifest',
  'newsletter',
  'preorders',
  'reader',
  'purchase',
  'arc',
  'comments',
  'not-me',
  'r',
  'mail',
  'sales',
  'downloads',
  'gift',
  'import',
  'export',
  'follow',
] as const;

/** Every first segment no top-level page may have: the built-in pages', the server's and the old sites' archives. */
export const RESERVED_PAGE_SEGMENTS: ReadonlySet<string> = new Set([
  ...BUILT_IN_PAGES.map((page) => page.path.split('/')[1]!).filter(Boolean),
  ...SERVER_SEGMENTS,
  ...LEGACY_ADDRESS_SEGMENTS,
]);

export function reservedPathMessage(slug: string): string {
  const builtIn = BUILT_IN_PAGES.find((page) => page.path === `/${slug}`);
  return builtIn
    ? `The address /${slug} is the site's ${builtIn.label} page: give this page another slug (or a parent page)`
    : `The address /${slug} is reserved by the site: give this page another slug (or a parent page)`;
}

/** Where a page may be listed: the header's menu, the footer's, or neither. */
export const PAGE_MENUS = ['header', 'footer', 'none'] as const;
export type PageMenu = (typeof PAGE_MENUS)[number];

/** A page can be this deep (/a/b/c/d/e): deeper WordPress pages are rare, and each level is one more look-up. */
export const MAX_PAGE_DEPTH = 6;

type PageLink = { id: string; parentId: string; slug: string };

/**
 * Each page's address from its slug and its parents' ('/level-1/level-2'); a page whose parent is missing or whose
 * chain loops (never written by the server, which refuses it) has none.
 */
export function pagePaths(pages: readonly PageLink[]): Map<string, string> {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const paths = new Map<string, string>();
  const pathOf = (page: PageLink, seen: Set<string>): string | null => {
    const known = paths.get(page.id);
    if (known !== undefined) return known;
    if (seen.has(page.id) || seen.size >= MAX_PAGE_DEPTH) return null;
    seen.add(page.id);
    let prefix = '';
    if (page.parentId !== '') {
      const parent = byId.get(page.parentId);
      const parentPath = parent ? pathOf(parent, seen) : null;
      if (parentPath === null) return null;
      prefix = parentPath;
    }
    const path = `${prefix}/${page.slug}`;
    paths.set(page.id, path);
    return path;
  };
  for (const page of pages) pathOf(page, new Set());
  return paths;
}

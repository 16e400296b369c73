import { PAGE_META } from '../content/page-meta.js';

export type StaticPageMeta = { title: string; description: string };

/** The 404 page's head (the root route adds it when no route matches). */
export const NOT_FOUND_META: StaticPageMeta = PAGE_META['404'] ?? {
  title: '404 Page Not Found',
  description: 'The page you are looking for does not exist.',
};

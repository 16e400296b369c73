import type { NavEntry } from '../../../domain/navigation.js';
import { BUILT_IN_PAGES } from '../../../domain/site-pages.js';
import { trpc } from '../../trpc.js';

/**
 * What a menu entry may point at: the built-in pages and the author's own pages. `titleOf` names an entry's
 * target (a page's path and whether it is published; a deleted page says so), `options` are the choices of
 * the 'Add a page' select, grouped.
 */
export function useNavTargets() {
  const pages = trpc.pages.adminList.useQuery().data ?? [];
  const titleOf = (entry: NavEntry) => {
    if (entry.kind === 'builtin') return BUILT_IN_PAGES.find((page) => page.path === entry.path)?.label ?? entry.path;
    if (entry.kind === 'page') {
      const page = pages.find((item) => item.id === entry.pageId);
      return page
        ? `${page.title} (${page.path}${page.status === 'published' ? '' : ', not published'})`
        : 'A deleted page';
    }
    return 'Link';
  };
  const options = [
    {
      group: 'Built-in pages',
      items: BUILT_IN_PAGES.map((page) => ({ value: `builtin:${page.path}`, label: page.label })),
    },
    {
      group: 'Your pages',
      items: pages.map((page) => ({ value: `page:${page.id}`, label: `${page.title} (${page.path})` })),
    },
  ];
  return { titleOf, options };
}

export type NavTargets = ReturnType<typeof useNavTargets>;

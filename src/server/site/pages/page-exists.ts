import { TRPCError } from '@trpc/server';
import { createCaller } from '../../trpc/app-router.js';
import { createRequestContext } from '../../trpc/context.js';
import type { AppServices } from '../../services.js';

/** The site's pages without a parameter, as src/client/router.tsx routes them (the admin area is never counted). */
const FIXED_PAGES = new Set([
  '/',
  '/books',
  '/excerpts',
  '/art-music',
  '/blog',
  '/about',
  '/contact',
  '/preorder',
  '/search',
  '/newsletter/archive',
]);

/** The pages of one item: a book, an excerpt, a published post, an issue in the archive. */
const ITEM_PAGE = /^\/(books|excerpts|blog|newsletter\/archive)\/([^/]+)$/;
/** A tag's page (/blog/tag/<slug>); any other path may be one of the author's pages (/about-me, /world/maps). */
const TAG_PAGE = /^\/(blog\/tag)\/([^/]+)$/;

/**
 * Whether a path (as analytics counts it: no query, no trailing slash) is a page of the site that
 * answers 200: one of its fixed pages, or an item page whose item the public procedures find, as
 * the page itself would (an old slug or id of a book or post too; a tag's page; a published page of the author's). For reports that name a path
 * without loading it (the navigation beacon), so a made-up path is never counted as a page.
 */
export function pageExistsChecker(services: AppServices): (path: string) => Promise<boolean> {
  // The beacon's own request was counted against its limit at the door; these reads are not.
  const withoutLimit: AppServices = { ...services, limiters: { ...services.limiters, publicRead: null } };
  return async (path) => {
    if (FIXED_PAGES.has(path)) return true;
    const match = ITEM_PAGE.exec(path) ?? TAG_PAGE.exec(path);
    let name: string;
    try {
      name = decodeURIComponent(match ? match[2]! : path.slice(1));
    } catch {
      return false;
    }
    const caller = createCaller(createRequestContext(withoutLimit, { ip: '127.0.0.1', headers: {} }));
    try {
      if (!match) await caller.pages.byPath({ path: name });
      else if (match[1] === 'books') await caller.books.bySlug({ slug: name });
      else if (match[1] === 'excerpts') await caller.excerpts.bySlug({ slug: name });
      else if (match[1] === 'blog') await caller.blog.bySlug({ slug: name });
      else if (match[1] === 'blog/tag') await caller.blog.tag({ slug: name });
      else await caller.newsletterArchive.issue({ id: name });
      return true;
    } catch (error) {
      // Not found, or a name no such page could have: no page.
      if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') return false;
      throw error;
    }
  };
}

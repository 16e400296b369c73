import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  parseSearchWith,
  redirect,
  stringifySearchWith,
  type AnyRouteMatch,
  type AnyRouter,
  type ResolveParams,
} from '@tanstack/react-router';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { blogCategoryFrom, blogPageFrom } from '../domain/blog.js';
import type { FormOutcome } from '../domain/form-posts.js';
import { searchQueryFrom } from '../domain/search.js';
import { isAdminTab, type AdminTabId } from './admin/dashboard/admin-tabs.js';
import { AppProviders, RootDocument, type AppTrpcClient } from './App.js';
import SiteLayout from './layout/SiteLayout.js';
import NotFoundPage from './pages/NotFoundPage.js';
import type { PagePrefetch } from './pages/prefetch.js';
import { baseHead, headFor } from './seo/head.js';
import type { PageLoaderData, SeoContext } from './seo/pages.js';
import type { TrpcUtils } from './trpc.js';
import { NOT_FOUND_META } from './seo/not-found.js';
import { fullTitle } from './seo/site.js';
import { withSiteIdentity } from './seo/site-identity.js';

export type RouterContext = {
  queryClient: QueryClient;
  trpc: TrpcUtils;
  /** 'https://example.com': absolute URLs in the head (canonical, Open Graph, JSON-LD). */
  origin: string;
  /** The request's announcementDismissed cookie, so the server omits the bar without a flash. */
  announcementDismissed: boolean;
  /** Server only: the refused form post this page answers (its loader hands it to the page). */
  formOutcome: FormOutcome | null;
};

/** A public page's loader data: its head, and the refused form post it answers, if any. */
type PageRouteData = PageLoaderData & { formOutcome?: FormOutcome };

/** A public page module: the component (default export) and the loader of its queries. */
type PageModule = { default: () => ReactNode; prefetch: PagePrefetch };
/**
 * `file` (relative to src/client) names the page's chunk in the build manifest. `searchDeps`: the search parameters
 * the page's data and head depend on (all of them when not said). A change of another one (the art page's tab) is
 * then no new load, so the page is not swapped for its pending copy (which would drop the focus and what was typed).
 */
type PageSpec = {
  file: string;
  load: () => Promise<PageModule>;
  searchDeps?: readonly string[];
  /** The page needs its script at once rather than on the reader's first intent (StaticDataRouteOption). */
  appAtOnce?: boolean;
};
type SeoLoader = (context: SeoContext) => Promise<PageLoaderData>;

/**
 * Public pages are split per route: a page loads only its own chunk, which the server names
 * (from the build manifest) so the browser fetches it together with the entry.
 */
const pages = {
  home: { file: 'pages/HomePage.tsx', load: () => import('./pages/HomePage.js') },
  books: { file: 'pages/BooksPage.tsx', load: () => import('./pages/BooksPage.js') },
  book: { file: 'pages/BookPage.tsx', load: () => import('./pages/BookPage.js') },
  excerpts: { file: 'pages/ExcerptsPage.tsx', load: () => import('./pages/ExcerptsPage.js') },
  excerpt: { file: 'pages/ExcerptPage.tsx', load: () => import('./pages/ExcerptPage.js') },
  artMusic: { file: 'pages/ArtMusicPage.tsx', load: () => import('./pages/ArtMusicPage.js'), searchDeps: [] },
  blog: { file: 'pages/BlogPage.tsx', load: () => import('./pages/BlogPage.js') },
  blogTag: { file: 'pages/BlogTagPage.tsx', load: () => import('./pages/BlogTagPage.js') },
  blogPost: { file: 'pages/BlogPostPage.tsx', load: () => import('./pages/BlogPostPage.js') },
  // The author's own tool (their time zone once the script runs): the app comes at once, as on /admin.
  blogPostPreview: {
    file: 'pages/BlogPostPreviewPage.tsx',
    load: () => import('./pages/BlogPostPreviewPage.js'),
    appAtOnce: true,
  },
  about: { file: 'pages/AboutPage.tsx', load: () => import('./pages/AboutPage.js') },
  contact: { file: 'pages/ContactPage.tsx', load: () => import('./pages/ContactPage.js') },
  preorder: { file: 'pages/PreorderPage.tsx', load: () => import('./pages/PreorderPage.js') },
  search: { file: 'pages/SearchPage.tsx', load: () => import('./pages/SearchPage.js') },
  newsletterArchive: {
    file: 'pages/NewsletterArchivePage.tsx',
    load: () => import('./pages/NewsletterArchivePage.js'),
  },
  newsletterIssue: { file: 'pages/NewsletterIssuePage.tsx', load: () => import('./pages/NewsletterIssuePage.js') },
  sitePage: { file: 'pages/SitePage.tsx', load: () => import('./pages/SitePage.js') },
} satisfies Record<string, PageSpec>;

/** Page components already loaded, so a pending page can render without suspending. */
const loadedPages = new Map<PageSpec, ComponentType>();

function loadPage(page: PageSpec): Promise<PageModule> {
  return page.load().then((module) => {
    loadedPages.set(page, module.default);
    return module;
  });
}

/**
 * What a client-side navigation shows while the page's data loads (after the router's pending
 * delay): the page itself, whose queries are then pending, so it draws its own loading state
 * (the books' skeleton cards, the excerpt's skeleton). Until its code is there, nothing: it
 * must not suspend, which would blank the whole shell.
 */
function pendingPage(page: PageSpec) {
  return function PendingPage() {
    const [Page, setPage] = useState<ComponentType | undefined>(() => loadedPages.get(page));
    useEffect(() => {
      if (Page) return;
      let current = true;
      void loadPage(page).then((module) => current && setPage(() => module.default));
      return () => {
        current = false;
      };
    }, [Page]);
    return Page ? <Page /> : null;
  };
}

/**
 * The options every public page route shares: the lazy component, a loader that fills the
 * query cache through the page's own `prefetch` (so the server renders with data and the
 * browser hydrates without fetching) next to the head data, and the head tags.
 */
function pageRoute<TPath extends string>(path: TPath, page: PageSpec, seo: SeoLoader) {
  return {
    path,
    staticData: { pageFile: page.file, appAtOnce: page.appAtOnce },
    component: lazyRouteComponent(() => loadPage(page)),
    pendingComponent: pendingPage(page),
    // The page's data depends on its search parameters too (the blog's category).
    loaderDeps: ({ search }: { search: Record<string, unknown> }) => ({
      search: page.searchDeps
        ? Object.fromEntries(Object.entries(search).filter(([key]) => page.searchDeps!.includes(key)))
        : search,
    }),
    // Typed by the path, so the route's params are what the path declares (`{ id: string }` for /blog/$id).
    loader: async ({
      context,
      params,
      deps,
    }: {
      context: RouterContext;
      params: ResolveParams<TPath>;
      deps: { search: Record<string, unknown> };
    }): Promise<PageRouteData> => {
      const [, pageData, site] = await Promise.all([
        // A page's queries that fail show the page's own error state; the loader itself never fails.
        loadPage(page).then((module) => module.prefetch(context.trpc, params, deps.search).catch(() => undefined)),
        seo({ utils: context.trpc, origin: context.origin, params, search: deps.search }),
        context.trpc.site.settings.ensureData().catch(() => undefined),
      ]);
      const data = { ...pageData, seo: withSiteIdentity(pageData.seo, site?.seo) };
      // Loader data travels to the browser with the page, so hydration shows the same form state.
      return context.formOutcome ? { ...data, formOutcome: context.formOutcome } : data;
    },
    head: ({ loaderData }: { loaderData?: PageRouteData }) => headFor(loaderData?.seo),
  };
}

/**
 * The head data builders (page titles, structured data) load on demand: the first page gets
 * its head from the server's loader data, so hydration does not need them.
 */
const seoBuilders = () => import('./seo/pages.js');

const staticPage =
  (routePath: string): SeoLoader =>
  async (context) => {
    const { staticSeo, metaOf } = await seoBuilders();
    return { seo: staticSeo(context.origin, routePath, metaOf(routePath)) };
  };

/** True when no route matched the URL (the root renders the 404 page). */
function isNotFound(matches: readonly AnyRouteMatch[]): boolean {
  return matches.some((match) => match.status === 'notFound' || (match as { _notFound?: boolean })._notFound === true);
}

function NotFoundScreen() {
  return (
    <SiteLayout>
      <NotFoundPage />
    </SiteLayout>
  );
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  head: ({ matches }) => {
    const base = baseHead();
    if (!isNotFound(matches)) return base;
    return {
      ...base,
      meta: [
        ...base.meta,
        { title: fullTitle(NOT_FOUND_META.title) },
        { name: 'description', content: NOT_FOUND_META.description },
        { name: 'robots', content: 'noindex' },
      ],
    };
  },
  // Every public screen (404s too) reads the site's settings (header, announcement bar, footer) and
  // the newsletter form's options (interests, the active gift): loaded here, they hydrate with the page.
  loader: async ({ context }) => {
    await Promise.all([
      context.trpc.newsletter.signupOptions.prefetch().catch(() => undefined),
      context.trpc.site.settings.prefetch().catch(() => undefined),
    ]);
  },
  component: RootDocument,
  notFoundComponent: NotFoundScreen,
});

/** Public pages share the site shell; /admin does not. */
const siteRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'site',
  component: () => (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  ),
});

const site = () => siteRoute;

const homeRoute = createRoute({
  getParentRoute: site,
  ...pageRoute('/', pages.home, async (context) => {
    const { homeSeo, metaOf } = await seoBuilders();
    return homeSeo(context, metaOf('/'));
  }),
});
const booksRoute = createRoute({
  getParentRoute: site,
  ...pageRoute('/books', pages.books, async (context) => {
    const { booksSeo, metaOf } = await seoBuilders();
    return booksSeo(context, metaOf('/books'));
  }),
});
const bookRoute = createRoute({
  getParentRoute: site,
  // An old link by id (or any address the book answers to) moves permanently to its slug.
  beforeLoad: async ({ context, params }) => {
    const book = await context.trpc.books.bySlug.ensureData({ slug: params.slug }).catch(() => null);
    if (book && book.slug !== params.slug)
      throw redirect({ to: '/books/$slug', params: { slug: book.slug }, statusCode: 301 });
  },
  ...pageRoute('/books/$slug', pages.book, async (context) => (await seoBuilders()).bookSeo(context)),
});
const excerptsRoute = createRoute({
  getParentRoute: site,
  ...pageRoute('/excerpts', pages.excerpts, staticPage('/excerpts')),
});
const excerptRoute = createRoute({
  getParentRoute: site,
  // An old link by id (or by a slug it had before an edit) moves permanently to its slug.
  beforeLoad: async ({ context, params }) => {
    const excerpt = await context.trpc.excerpts.bySlug.ensureData({ slug: params.slug }).catch(() => null);
    if (excerpt && excerpt.slug !== params.slug)
      throw redirect({ to: '/excerpts/$slug', params: { slug: excerpt.slug }, statusCode: 301 });
  },
  ...pageRoute('/excerpts/$slug', pages.excerpt, async (context) => (await seoBuilders()).excerptSeo(context)),
});
const artMusicRoute = createRoute({
  getParentRoute: site,
  // ?tab=music opens the music tab: a link that works before the script, and a shareable URL.
  validateSearch: (search: Record<string, unknown>): { tab?: 'music' } =>
    search.tab === 'music' ? { tab: 'music' } : {},
  ...pageRoute('/art-music', pages.artMusic, staticPage('/art-music')),
});
const blogRoute = createRoute({
  getParentRoute: site,
  // ?category=soundtracks filters the list, so a filtered list can be shared and Back restores it; ?tag=<slug> keeps
  // one tag's posts (an old site's /tag/x/ leads here); ?page=2 and up are the older posts. A renamed category's old
  // address is answered 301 by the server (category-redirect.ts).
  validateSearch: (search: Record<string, unknown>): { category?: string; tag?: string; page?: number } => {
    const category = blogCategoryFrom(search.category);
    const tag = blogCategoryFrom(search.tag);
    const page = blogPageFrom(search.page);
    return { ...(category ? { category } : {}), ...(tag ? { tag } : {}), ...(page ? { page } : {}) };
  },
  ...pageRoute('/blog', pages.blog, staticPage('/blog')),
});
/** One tag's posts (an old site's /tag/x/ leads here); ?page=2 and up are the older ones. */
const blogTagRoute = createRoute({
  getParentRoute: site,
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = blogPageFrom(search.page);
    return page ? { page } : {};
  },
  ...pageRoute('/blog/tag/$tag', pages.blogTag, async (context) => (await seoBuilders()).blogTagSeo(context)),
});
const blogPostRoute = createRoute({
  getParentRoute: site,
  // An old address (the post's id, or a slug it had before) moves permanently to its slug.
  beforeLoad: async ({ context, params }) => {
    const post = await context.trpc.blog.bySlug.ensureData({ slug: params.slug }).catch(() => null);
    if (post && post.slug !== params.slug)
      throw redirect({ to: '/blog/$slug', params: { slug: post.slug }, statusCode: 301 });
  },
  ...pageRoute('/blog/$slug', pages.blogPost, async (context) => (await seoBuilders()).blogPostSeo(context)),
});
/** A draft or scheduled post as it will look: the signed-in admin only (the server sends the preview cookie). */
const blogPreviewRoute = createRoute({
  getParentRoute: site,
  ...pageRoute('/blog/preview/$id', pages.blogPostPreview, async (context) =>
    (await seoBuilders()).blogPreviewSeo(context),
  ),
});
const aboutRoute = createRoute({
  getParentRoute: site,
  ...pageRoute('/about', pages.about, async (context) => {
    const { aboutSeo, metaOf } = await seoBuilders();
    return aboutSeo(context, metaOf('/about'));
  }),
});
const contactRoute = createRoute({
  getParentRoute: site,
  ...pageRoute('/contact', pages.contact, staticPage('/contact')),
});
/** `?book=<slug or id>` preselects the book; the form's result parameters pass through untouched. */
function preorderSearch(search: Record<string, unknown>): { book?: string } {
  const book = search.book;
  return typeof book === 'string' || typeof book === 'number' ? { ...search, book: String(book) } : { ...search };
}

const preorderRoute = createRoute({
  getParentRoute: site,
  validateSearch: preorderSearch,
  ...pageRoute('/preorder', pages.preorder, staticPage('/preorder')),
});

/** Search results are for one reader's words: never indexed (the server adds X-Robots-Tag too). */
const searchRoute = createRoute({
  getParentRoute: site,
  validateSearch: (search: Record<string, unknown>): { q?: string } => {
    const q = searchQueryFrom(search.q);
    return q ? { q } : {};
  },
  ...pageRoute('/search', pages.search, async (context) => {
    const { staticSeo, metaOf } = await seoBuilders();
    return { seo: staticSeo(context.origin, '/search', metaOf('/search'), { noindex: true }) };
  }),
});

const newsletterArchiveRoute = createRoute({
  getParentRoute: site,
  ...pageRoute('/newsletter/archive', pages.newsletterArchive, async (context) => {
    const { staticSeo } = await seoBuilders();
    const meta = {
      title: 'Newsletter Archive',
      description: 'Past issues of the newsletter, as subscribers received them.',
    };
    return { seo: staticSeo(context.origin, '/newsletter/archive', meta) };
  }),
});
/** `?key=` is the signed key of an email's "view in browser" link: such a page is for its reader, never indexed. */
const newsletterIssueRoute = createRoute({
  getParentRoute: site,
  validateSearch: (search: Record<string, unknown>): { key?: string } =>
    typeof search.key === 'string' ? { key: search.key } : {},
  ...pageRoute('/newsletter/archive/$id', pages.newsletterIssue, async (context) => {
    const { staticSeo, notFoundSeo } = await seoBuilders();
    const path = `/newsletter/archive/${encodeURIComponent(context.params.id ?? '')}`;
    const key = typeof context.search?.key === 'string' ? context.search.key : undefined;
    const issue = await context.utils.newsletterArchive.issue
      .ensureData({ id: context.params.id ?? '', key })
      .catch(() => null);
    if (!issue) return { seo: notFoundSeo(context.origin, path), notFound: true };
    const meta = { title: issue.subject, description: issue.preheader || issue.subject };
    return { seo: staticSeo(context.origin, path, meta, { type: 'article', noindex: !issue.inArchive }) };
  }),
});

/**
 * The author's own pages (/<slug>, /<parent>/<slug>): the router tries every other route first, so this is any
 * address no built-in page has; one no page has either is the 404 page (status 404).
 */
const sitePageRoute = createRoute({
  getParentRoute: site,
  ...pageRoute('/$', pages.sitePage, async (context) => (await seoBuilders()).sitePageSeo(context)),
});

/** What the server renders for /admin: the admin area is client-only and loads its own data. */
function AdminShell() {
  return (
    <main id="main-content" style={{ minHeight: '100vh' }} aria-busy="true">
      <p style={{ padding: '2rem', margin: 0 }}>Loading the admin area…</p>
    </main>
  );
}

/** The admin area's code is loaded only when /admin is visited, and never rendered on the server. */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  ssr: false,
  // Nothing of the admin area is there before its script runs: the loader imports it at once.
  staticData: { appAtOnce: true },
  // ?tab=excerpts opens that tab; anything else is dropped (the default tab).
  validateSearch: (search: Record<string, unknown>): { tab?: AdminTabId } =>
    isAdminTab(search.tab) ? { tab: search.tab } : {},
  // Public pages load only the Mantine styles they use; the admin area brings the full set, in a
  // cascade layer so its copy of Mantine's default variables never overrides the theme's.
  component: lazyRouteComponent(async () => {
    const [module] = await Promise.all([import('./admin/AdminPage.js'), import('@mantine/core/styles.layer.css')]);
    return module;
  }),
  pendingComponent: AdminShell,
  head: () => ({
    meta: [
      { title: fullTitle('Admin') },
      { name: 'description', content: 'Site administration.' },
      { name: 'robots', content: 'noindex' },
    ],
  }),
});

export const routeTree = rootRoute.addChildren([
  siteRoute.addChildren([
    homeRoute,
    booksRoute,
    bookRoute,
    excerptsRoute,
    excerptRoute,
    artMusicRoute,
    blogRoute,
    blogTagRoute,
    blogPostRoute,
    blogPreviewRoute,
    aboutRoute,
    contactRoute,
    preorderRoute,
    searchRoute,
    newsletterArchiveRoute,
    newsletterIssueRoute,
    sitePageRoute,
  ]),
  adminRoute,
]);

export type AppRouterDeps = {
  queryClient: QueryClient;
  trpcClient: AppTrpcClient;
  origin: string;
  announcementDismissed: boolean;
  formOutcome?: FormOutcome | null;
  /** Server rendering: a random marker for the router's own inline scripts (see SsrRenderInput). */
  scriptNonce?: string;
};

/**
 * Restores or resets the scroll on each navigation, but not when the page the server rendered hydrates: the app
 * arrives on the reader's first intent (entry-server.tsx), often after they have scrolled, and the page must
 * stay where it is. On the server (its inline restoring script for a reload) it is always on.
 */
function scrollRestorationAfterHydration(): () => boolean {
  let hydrated = typeof window === 'undefined';
  return () => {
    const restore = hydrated;
    hydrated = true;
    return restore;
  };
}

/**
 * The query cache the page was rendered with, written into the page and read back before its first render in the
 * browser: every query the loaders ran, failed ones too (so the browser shows the same error rather than asking
 * again: retryOnMount below). One still running when the render ends (none today: the loaders await theirs) is left
 * out, and the browser asks for it.
 *
 * TanStack's `@tanstack/react-router-ssr-query` did this too, but it always adds a stream for queries that start
 * during the render (renderToString never waits for them). That stream cost every page about 2 KB of inline script,
 * and it made the router merge its scripts into the rendered document by passing the whole document through an
 * encoder and a decoder: about a tenth of what a search page's render allocated (docs/operations.md, "Memory and
 * start time"). Without it the router writes its state in one script and returns the document as rendered.
 */
function keepQueryCacheInPage(router: AnyRouter, queryClient: QueryClient): void {
  // Set on the options after the router is made, as TanStack's integration does: the router's types would ask
  // for the cache's data to be typed serializable, which its `unknown` values (any query's data) cannot show.
  router.options.dehydrate = () => ({
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
  });
  router.options.hydrate = (dehydrated: { queries: DehydratedState }) => hydrate(queryClient, dehydrated.queries);
}

/**
 * One router per request on the server, one per page load in the browser. The query cache the
 * loaders fill on the server is dehydrated into the page and hydrated before the first render.
 */
export function createAppRouter({
  queryClient,
  trpcClient,
  origin,
  announcementDismissed,
  formOutcome = null,
  scriptNonce,
}: AppRouterDeps) {
  // No retries, so a query that failed on the server is not fetched again on mount.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false },
  });
  const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc: trpcUtils, origin, announcementDismissed, formOutcome },
    // Query values are the text they are, as a browser's GET form sends them: a search for `"ash crown"`
    // or `true` keeps its quotes and stays a string (the default would read them as JSON).
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
    defaultPreload: 'intent',
    // A navigation waiting longer than this for its data shows the page's own loading state.
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    scrollRestoration: scrollRestorationAfterHydration(),
    notFoundMode: 'root',
    // Server only: marks the scripts the router writes, the only inline scripts the page's CSP allows.
    ...(scriptNonce ? { ssr: { nonce: scriptNonce } } : {}),
    Wrap: ({ children }) => (
      <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
        {children}
      </AppProviders>
    ),
  });
  keepQueryCacheInPage(router, queryClient);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page module's source file (relative to src/client): the server loads its chunk on that page. */
    pageFile?: string;
    /** The page is nothing without its script: the production loader imports the app at once, not on a reader's first intent. */
    appAtOnce?: boolean;
  }
}

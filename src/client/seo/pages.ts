import { blogPostPath, blogTagPath } from '../../domain/content-links.js';
import { blogPreviewPath } from '../../domain/post-states.js';
import type { RouterOutputs, TrpcUtils } from '../trpc.js';
import { pageSeo, type PageSeo } from './head.js';
import { aboutPersonLd, blogPostingLd, bookListLd, bookPageLd, excerptLd, websiteLd } from './json-ld.js';
import { PAGE_META } from '../content/page-meta.js';
import { NOT_FOUND_META, type StaticPageMeta } from './not-found.js';
import { fullTitle, SITE_NAME } from './site.js';
import { socialImageFor } from './social-image.js';

export type SeoContext = {
  utils: TrpcUtils;
  origin: string;
  params: Record<string, string>;
  /** The route's validated search parameters. */
  search?: Record<string, unknown>;
};

/** What a public route's loader returns: the head of the page, and whether its item exists. */
export type PageLoaderData = { seo: PageSeo; notFound?: true };

export type { StaticPageMeta };

/** A failed read: NOT_FOUND and BAD_REQUEST (an impossible id) mean the item does not exist. */
function isMissingItem(error: unknown): boolean {
  const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST';
}

/** Reads through the query cache; undefined (never a throw) when the read fails. */
async function attempt<T>(read: () => Promise<T>): Promise<{ value?: T; missing: boolean }> {
  try {
    return { value: await read(), missing: false };
  } catch (error) {
    return { missing: isMissingItem(error) };
  }
}

/** The static title and description of a route (src/client/content/page-meta.ts). */
export function metaOf(routePath: string): StaticPageMeta {
  return PAGE_META[routePath] ?? { title: SITE_NAME, description: PAGE_META['/']?.description ?? SITE_NAME };
}

export function notFoundSeo(origin: string, path: string, meta: StaticPageMeta = NOT_FOUND_META): PageSeo {
  return pageSeo({ origin, path, ...meta, noindex: true });
}

/** The detail pages' own "not found" screens. */
const EXCERPT_NOT_FOUND: StaticPageMeta = {
  title: 'Excerpt Not Found',
  description: "The excerpt you're looking for doesn't exist or has been removed.",
};
const BOOK_NOT_FOUND: StaticPageMeta = {
  title: 'Book Not Found',
  description: "The book you're looking for doesn't exist or has been removed.",
};
const POST_NOT_FOUND: StaticPageMeta = {
  title: 'Blog Post Not Found',
  description: "The blog post you're looking for doesn't exist or has been removed.",
};

export function staticSeo(
  origin: string,
  path: string,
  meta: StaticPageMeta,
  extra: Partial<Parameters<typeof pageSeo>[0]> = {},
): PageSeo {
  return pageSeo({ origin, path, title: meta.title, description: meta.description, ...extra });
}

export async function homeSeo({ origin }: SeoContext, meta: StaticPageMeta): Promise<PageLoaderData> {
  return { seo: staticSeo(origin, '/', { ...meta, title: meta.title || SITE_NAME }, { jsonLd: websiteLd(origin) }) };
}

export async function booksSeo({ utils, origin }: SeoContext, meta: StaticPageMeta): Promise<PageLoaderData> {
  const books = (await attempt(() => utils.books.list.ensureData())).value ?? [];
  const first = books[0];
  return {
    seo: staticSeo(origin, '/books', meta, {
      jsonLd: bookListLd(origin, books),
      image: first ? socialImageFor(first.coverImage, first.image, `Cover of ${first.title}`) : null,
    }),
  };
}

export async function aboutSeo({ origin }: SeoContext, meta: StaticPageMeta): Promise<PageLoaderData> {
  return {
    seo: staticSeo(origin, '/about', meta, {
      type: 'profile',
      jsonLd: aboutPersonLd(origin, { description: meta.description }),
    }),
  };
}

export async function bookSeo({ utils, origin, params }: SeoContext): Promise<PageLoaderData> {
  const slug = params.slug ?? '';
  const path = `/books/${encodeURIComponent(slug)}`;
  const book = await attempt(() => utils.books.bySlug.ensureData({ slug }));
  if (!book.value) {
    return book.missing
      ? { seo: notFoundSeo(origin, path, BOOK_NOT_FOUND), notFound: true }
      : { seo: staticSeo(origin, path, metaOf('/books')) };
  }
  const value = book.value;
  return {
    seo: pageSeo({
      origin,
      path: `/books/${encodeURIComponent(value.slug)}`,
      title: value.title,
      description: value.description,
      type: 'book',
      image: socialImageFor(value.coverImage, value.image, `Cover of ${value.title}`),
      jsonLd: bookPageLd(origin, value),
    }),
  };
}

export async function excerptSeo({ utils, origin, params }: SeoContext): Promise<PageLoaderData> {
  const slug = params.slug ?? '';
  const path = `/excerpts/${encodeURIComponent(slug)}`;
  const [excerpt, books] = await Promise.all([
    attempt(() => utils.excerpts.bySlug.ensureData({ slug })),
    attempt(() => utils.books.list.ensureData()),
  ]);
  if (!excerpt.value) {
    return excerpt.missing
      ? { seo: notFoundSeo(origin, path, EXCERPT_NOT_FOUND), notFound: true }
      : { seo: staticSeo(origin, path, metaOf('/excerpts/$slug')) };
  }
  const book = books.value?.find((candidate) => candidate.id === excerpt.value!.bookId);
  const title = book ? `${excerpt.value.title} — an excerpt from ${book.title}` : excerpt.value.title;
  return {
    seo: pageSeo({
      origin,
      path,
      title,
      description: excerpt.value.description,
      type: 'article',
      image: book ? socialImageFor(book.coverImage, book.image, `Cover of ${book.title}`) : null,
      jsonLd: excerptLd(origin, excerpt.value, book),
    }),
  };
}

type SeoPost = RouterOutputs['blog']['bySlug'];

/** A post's head: its meta description (else summary) and social image (else cover) for search and sharing. */
function postSeo(origin: string, post: SeoPost, noindex = false) {
  return pageSeo({
    origin,
    path: blogPostPath(post),
    title: post.title,
    description: post.metaDescription || post.summary,
    type: 'article',
    publishedTime: post.publishedAt.toISOString(),
    // A social image of its own is used as it is; else the cover's preview-sized variant.
    image: post.socialImage
      ? socialImageFor(post.socialImage, undefined, post.title)
      : socialImageFor(post.coverImage, post.image, post.title),
    jsonLd: blogPostingLd(origin, post),
    ...(noindex ? { noindex: true } : {}),
  });
}

export async function blogPostSeo({ utils, origin, params }: SeoContext): Promise<PageLoaderData> {
  const slug = params.slug ?? '';
  const path = `/blog/${encodeURIComponent(slug)}`;
  const post = await attempt(() => utils.blog.bySlug.ensureData({ slug }));
  if (!post.value) {
    return post.missing
      ? { seo: notFoundSeo(origin, path, POST_NOT_FOUND), notFound: true }
      : { seo: staticSeo(origin, path, metaOf('/blog/$slug')) };
  }
  return { seo: postSeo(origin, post.value) };
}

/** One of the author's pages; an address no page has is the site's 404 page. */
export async function sitePageSeo({ utils, origin, params }: SeoContext): Promise<PageLoaderData> {
  const path = params._splat ?? '';
  const address = `/${path.split('/').map(encodeURIComponent).join('/')}`;
  const page = await attempt(() => utils.pages.byPath.ensureData({ path }));
  if (!page.value) {
    return page.missing
      ? { seo: notFoundSeo(origin, address), notFound: true }
      : { seo: staticSeo(origin, address, NOT_FOUND_META) };
  }
  const description = page.value.metaDescription || renderedLead(page.value.contentHtml);
  const image = page.value.socialImage ? { src: page.value.socialImage, alt: page.value.title } : null;
  return { seo: staticSeo(origin, page.value.path, { title: page.value.title, description }, { image }) };
}

/** The first words of a page's text (its HTML's text), for its description when it has none of its own. */
function renderedLead(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, '')}…` : text;
}

const TAG_NOT_FOUND: StaticPageMeta = { title: 'Tag Not Found', description: 'No published post has this tag.' };

/** A tag's page: its name in the title; a tag no published post has is a 404. */
export async function blogTagSeo({ utils, origin, params }: SeoContext): Promise<PageLoaderData> {
  const slug = params.tag ?? '';
  const path = blogTagPath(slug);
  const tag = await attempt(() => utils.blog.tag.ensureData({ slug }));
  if (!tag.value) {
    return tag.missing
      ? { seo: notFoundSeo(origin, path, TAG_NOT_FOUND), notFound: true }
      : { seo: staticSeo(origin, path, metaOf('/blog')) };
  }
  const meta = {
    title: `Posts tagged ${tag.value.label}`,
    description: `${tag.value.postCount} post${tag.value.postCount === 1 ? '' : 's'} tagged ${tag.value.label}.`,
  };
  return { seo: staticSeo(origin, path, meta) };
}

/** A preview is never indexed; to anyone but the signed-in admin it does not exist. */
export async function blogPreviewSeo({ utils, origin, params }: SeoContext): Promise<PageLoaderData> {
  const id = params.id ?? '';
  const post = await attempt(() => utils.blog.preview.ensureData({ id }));
  if (!post.value) return { seo: notFoundSeo(origin, blogPreviewPath(id), POST_NOT_FOUND), notFound: true };
  return { seo: { ...postSeo(origin, post.value, true), title: fullTitle(`Preview: ${post.value.title}`) } };
}

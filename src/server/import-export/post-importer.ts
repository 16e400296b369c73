import { createHash } from 'node:crypto';
import {
  DEFAULT_BLOG_CATEGORY,
  MAX_BLOG_CATEGORIES,
  MAX_CATEGORY_LABEL,
  MAX_TAG_LABEL,
  MAX_TAGS_PER_POST,
  type BlogTagItem,
} from '../../domain/blog.js';
import { blogPostInputSchema, type BlogPostData, type BlogPostInput } from '../../domain/blog.schema.js';
import { describeValidationIssues } from '../../domain/errors.js';
import type { ImportItem } from '../../domain/import-export.js';
import { TEXT_LIMITS } from '../../domain/limits.js';
import { looksLikeId, slugify, SLUG_PATTERN, uniqueSlug } from '../../domain/slugs.js';
import type { AppDatabase } from '../db/connection.js';
import { renderContentText, renderLeadText } from '../content/rendering/render-content.js';
import { createBlogPost } from '../content/blog/blog-posts-repository.js';
import { addComment } from '../comments/comments-repository.js';
import { createSitePage } from '../content/pages/site-pages-repository.js';
import { RESERVED_PAGE_SEGMENTS } from '../../domain/site-pages.js';
import { sitePageInputSchema, type SitePageData, type SitePageInput } from '../../domain/site-pages.schema.js';
import {
  insertImportedCategories,
  listBlogCategories,
  listOldCategorySlugs,
} from '../content/blog/blog-categories-repository.js';
import { detachedCopy } from './detached-text.js';
import { htmlToMarkdown, markdownImageUrls, replaceMarkdownImages, summaryOf } from './html-to-markdown.js';
import type { ImageFetcher, ImageSource } from './image-fetcher.js';
import { importedSourceIds, recordImportedItem, recordLegacyPaths } from './imported-items.js';

/** One post or page as a source (WordPress, Ghost, Substack) describes it, before conversion. */
export type SourcePost = {
  sourceId: string;
  type: 'post' | 'page';
  title: string;
  slug: string | null;
  /** The text as HTML; ignored when `markdown` is given. */
  html: string;
  markdown?: string;
  excerpt: string;
  /** `other`: a state with no counterpart here (private, pending review, trash), named in `statusLabel`. */
  status: 'published' | 'draft' | 'scheduled' | 'other';
  statusLabel: string;
  /** ISO time of publication (or of the schedule); null when the source has none. */
  date: string | null;
  /** The post's categories, first the one it is filed under (a post here has one; the others become tags). */
  categories: SourceTerm[];
  /** The post's tags, in order. */
  tags: SourceTerm[];
  /** Its description for search engines, when the source has one (Ghost's `meta_description`). */
  metaDescription?: string;
  featuredImage: string | null;
  /** Old addresses on the source site, as paths (e.g. /2019/05/slug/, /?p=123). */
  legacyPaths: string[];
  /** A page's parent page on the source (WordPress's wp:post_parent): the page keeps its nested address. */
  parentSourceId?: string;
  /** Set when the source's item is never a post here (e.g. a WordPress custom post type): why. */
  skipReason?: string;
  /**
   * Set when the item was not for everyone on the old site (password-protected, private): it arrives as a draft
   * whatever its status, and the dry run says why.
   */
  notPublic?: string;
  /** Readers' comments to bring in with the post (approved ones, threaded one level deep). */
  comments?: SourceComment[];
};

/**
 * A reader's comment on a source's post (WordPress's approved `wp:comment`s): the author's name only (never their
 * address), the text as the comments' Markdown subset, and its parent among the post's comments (one level deep).
 */
export type SourceComment = {
  sourceId: string;
  /** The top-level comment it replies to; null for a top-level comment. */
  parentSourceId: string | null;
  authorName: string;
  body: string;
  /** ISO time it was written; null when the source has none. */
  date: string | null;
};

/** A category or a tag as the source names it: its name, and its slug there when it has one. */
export type SourceTerm = { label: string; slug?: string };

/** A post ready to be written: its validated data, when it was published, where it came from. */
export type PreparedPost =
  | {
      kind: 'post';
      sourceId: string;
      data: BlogPostData;
      tags: BlogTagItem[];
      publishedAt: string | null;
      legacyPaths: string[];
      comments: SourceComment[];
    }
  | { kind: 'page'; sourceId: string; data: SitePageData; publishedAt: string | null; parentSourceId: string | null };

/** The images of a planned post, to bring in before anything is written. */
export type PlannedImages = { urls: string[]; featured: string | null };
export type BroughtImages = { replaced: ReadonlyMap<string, string | null>; cover: string | null; warnings: string[] };

export type Plan = {
  item: ImportItem;
  input?: BlogPostInput;
  /** A page's data (the item is a page): written after the posts, each parent before its subpages. */
  page?: SitePageInput;
  /** The post's tags with their slugs (kept from the old site). */
  tags?: BlogTagItem[];
  date: string | null;
  source: SourcePost;
};

/** The text of a post that had none (a title alone): a draft the author fills, its old address kept. */
export const EMPTY_POST_TEXT = '_This post had no text on the old site._';
/** Warnings about a post's images that only the dry run shows (the import says what became of each). */
const DRY_RUN_IMAGE_NOTE = /^\d+ images? (to bring in|: )/;

/**
 * A source's slug for a category or tag, kept when it is one here; else one made from its name; a name with no
 * Latin letter (Ελληνικά) gets `<kind>-<hash of the name>`, the same at every import and one per name.
 */
function termSlug(term: SourceTerm, fallback: string): string {
  let raw = term.slug ?? '';
  try {
    raw = decodeURIComponent(raw);
  } catch {
    // A malformed escape: the slug is made from the name.
  }
  const clean = raw.trim().toLowerCase();
  if (SLUG_PATTERN.test(clean) && clean.length <= 80) return clean;
  const slug = slugify(term.label, '');
  return slug || `${fallback}-${createHash('sha256').update(term.label.trim()).digest('hex').slice(0, 8)}`;
}

/** A source's description for search engines, as this site keeps one (at most TEXT_LIMITS.summary characters). */
const metaDescriptionOf = (post: SourcePost) => (post.metaDescription ?? '').trim().slice(0, TEXT_LIMITS.summary);

/** A term's name as this site takes it: trimmed, at most MAX_TAG_LABEL (or MAX_CATEGORY_LABEL) characters. */
const termLabel = (term: SourceTerm, max: number) => term.label.trim().slice(0, max).trim();

function slugOf(post: SourcePost, fallback = 'post'): string {
  let raw = post.slug ?? '';
  try {
    raw = decodeURIComponent(raw);
  } catch {
    // A malformed escape: the slug is made from the raw text.
  }
  const clean = raw.trim().toLowerCase();
  if (SLUG_PATTERN.test(clean) && clean.length <= 80 && !looksLikeId(clean)) return clean;
  return slugify(clean || post.title, fallback);
}

const KIND_OF_STATUS = { published: 'post', draft: 'draft', scheduled: 'scheduled' } as const;

/**
 * Turns a source's posts into the site's posts, the same way for every source: the dry run plans each one
 * (created, or skipped with its reason, with warnings); the import then fetches images outside any transaction
 * and writes the planned posts, their images in place, in one, through the blog's own repository (search index, slugs) so an
 * imported post is one like any other.
 */
export class PostImporter {
  private readonly slugsInFile = new Set<string>();
  private readonly idsInFile = new Set<string>();
  /** Slugs of the pages planned, by their parent's source id ('' at the top). */
  private readonly pageSlugsInFile = new Map<string, Set<string>>();
  /** The pages written, by their source id: their subpages sit under them. */
  private readonly pageIds = new Map<string, string>();
  /** The categories the import makes (slug → name), in the order the posts first name them. */
  readonly newCategories = new Map<string, string>();
  /** The tags the import makes (by slug), and the lines saying so not yet taken by the summary. */
  private readonly newTags = new Set<string>();
  private pendingItems: ImportItem[] = [];

  private constructor(
    private readonly source: string,
    private readonly siteSlugs: Set<string>,
    private readonly importedIds: Set<string>,
    private readonly topPageSlugs: Set<string>,
    private readonly importedPages: Map<string, string>,
    /** The site's categories: slug → slug, old slug → current slug, and name (lower case) → slug. */
    private readonly siteCategories: Map<string, string>,
    private readonly categoryCount: number,
    private readonly defaultCategory: string,
    private readonly siteTags: Set<string>,
  ) {}

  static async open(db: AppDatabase, source: string): Promise<PostImporter> {
    const [posts, redirects, imported, topPages, pages, categories, oldCategories, tags] = await Promise.all([
      db.selectFrom('blogPosts').select('slug').execute(),
      db.selectFrom('slugRedirects').select('oldSlug').where('kind', '=', 'post').execute(),
      importedSourceIds(db, source, 'post'),
      db.selectFrom('sitePages').select('slug').where('parentId', '=', '').execute(),
      db
        .selectFrom('importedItems')
        .select(['sourceId', 'targetId'])
        .where('source', '=', source)
        .where('kind', '=', 'page')
        .execute(),
      listBlogCategories(db),
      listOldCategorySlugs(db),
      db.selectFrom('blogTags').select('slug').execute(),
    ]);
    const slugs = new Set([...posts.map((row) => row.slug), ...redirects.map((row) => row.oldSlug)]);
    const importedPages = new Map(pages.map((row) => [row.sourceId, row.targetId]));
    const named = new Map<string, string>();
    for (const category of categories) named.set(`name:${category.label.toLowerCase()}`, category.slug);
    for (const [old, id] of oldCategories) {
      const current = categories.find((category) => category.id === id);
      if (current) named.set(old, current.slug);
    }
    for (const category of categories) named.set(category.slug, category.slug);
    const fallback = categories.some((category) => category.slug === DEFAULT_BLOG_CATEGORY)
      ? DEFAULT_BLOG_CATEGORY
      : (categories[0]?.slug ?? DEFAULT_BLOG_CATEGORY);
    const tagSlugs = new Set(tags.map((row) => row.slug));
    return new PostImporter(
      source,
      slugs,
      imported,
      new Set(topPages.map((row) => row.slug)),
      importedPages,
      named,
      categories.length,
      fallback,
      tagSlugs,
    );
  }

  /** The lines of the categories and tags the posts planned since the last call will make (for the summary). */
  takeNewTerms(): ImportItem[] {
    const items = this.pendingItems;
    this.pendingItems = [];
    return items;
  }

  /**
   * The category a post is filed under: the site's own with that slug (or an old slug, or the same name), else a new
   * one under the source's slug; a post without one goes to the site's default. Its other categories become tags.
   */
  private categoryOf(post: SourcePost, warnings: string[]): { category: string; extraTags: SourceTerm[] } {
    const [first, ...others] = post.categories.filter((term) => termLabel(term, MAX_CATEGORY_LABEL) !== '');
    if (others.length > 0)
      warnings.push(
        `also in ${others.map((term) => `"${term.label.trim()}"`).join(', ')}: kept as tags (a post here has one category)`,
      );
    if (!first) return { category: this.defaultCategory, extraTags: others };
    const label = termLabel(first, MAX_CATEGORY_LABEL);
    const slug = termSlug(first, 'category');
    const known =
      this.siteCategories.get(slug) ??
      this.siteCategories.get(`name:${label.toLowerCase()}`) ??
      (this.newCategories.has(slug) ? slug : undefined);
    if (known) return { category: known, extraTags: others };
    if (this.categoryCount + this.newCategories.size >= MAX_BLOG_CATEGORIES) {
      warnings.push(`category "${label}" not made: a blog has at most ${MAX_BLOG_CATEGORIES} categories`);
      return { category: this.defaultCategory, extraTags: [first, ...others] };
    }
    this.newCategories.set(slug, label);
    this.pendingItems.push({ item: `${label} (/blog?category=${slug})`, kind: 'category', action: 'create' });
    return { category: slug, extraTags: others };
  }

  /** A post's tags, each once by slug, at most MAX_TAGS_PER_POST; those new to the site are listed once. */
  private tagsOf(terms: readonly SourceTerm[], warnings: string[]): BlogTagItem[] {
    const tags = new Map<string, BlogTagItem>();
    for (const term of terms) {
      const label = termLabel(term, MAX_TAG_LABEL);
      if (!label) continue;
      const slug = termSlug(term, 'tag');
      if (!tags.has(slug)) tags.set(slug, { slug, label });
    }
    const kept = [...tags.values()];
    if (kept.length > MAX_TAGS_PER_POST)
      warnings.push(
        `${kept.length} tags: the first ${MAX_TAGS_PER_POST} are kept (a post here has at most ${MAX_TAGS_PER_POST})`,
      );
    return kept.slice(0, MAX_TAGS_PER_POST);
  }

  /** Lists the tags of a planned post that the site does not have yet, each once. */
  private noteNewTags(tags: readonly BlogTagItem[]): void {
    for (const tag of tags) {
      if (this.siteTags.has(tag.slug) || this.newTags.has(tag.slug)) continue;
      this.newTags.add(tag.slug);
      this.pendingItems.push({ item: `${tag.label} (/blog/tag/${tag.slug})`, kind: 'tag', action: 'create' });
    }
  }

  /** Makes the categories the plans named (inside the import's transaction, before the posts). */
  async writeCategories(db: AppDatabase): Promise<void> {
    await insertImportedCategories(
      db,
      [...this.newCategories].map(([slug, label]) => ({ slug, label })),
    );
  }

  /** Whether plan() would convert this post's HTML (it is not skipped before): the import converts it beforehand. */
  needsConversion(post: SourcePost): boolean {
    if (post.markdown !== undefined || post.skipReason || post.type === 'page' || post.status === 'other') return false;
    return !this.importedIds.has(post.sourceId) && !this.siteSlugs.has(slugOf(post));
  }

  plan(post: SourcePost): Plan {
    const title = post.title.trim() || 'Untitled';
    const label = `${title} (${post.type} ${post.sourceId})`;
    const status = post.notPublic ? 'draft' : post.status;
    const kind = status === 'other' ? 'post' : KIND_OF_STATUS[status];
    const skip = (reason: string): Plan => ({
      item: { item: label, kind: post.type === 'page' ? 'page' : kind, action: 'skip', reason },
      date: null,
      source: post,
    });
    if (post.skipReason) return skip(post.skipReason);
    if (status === 'other') return skip(`status "${post.statusLabel}" has no counterpart here`);
    if (post.type === 'page') return this.planPage(post, status, skip);
    if (this.importedIds.has(post.sourceId)) return skip('already imported');
    if (this.idsInFile.has(post.sourceId)) return skip('appears twice in the file');
    this.idsInFile.add(post.sourceId);
    let slug = slugOf(post);
    if (this.siteSlugs.has(slug)) return skip(`already imported: a post with the slug "${slug}" exists`);
    const warnings: string[] = [];
    if (this.slugsInFile.has(slug)) {
      const unique = uniqueSlug(slug, new Set([...this.slugsInFile, ...this.siteSlugs]));
      warnings.push(`slug "${slug}" is used twice in the file: this one becomes "${unique}"`);
      slug = unique;
    }
    this.slugsInFile.add(slug);
    if (post.notPublic) warnings.push(post.notPublic);
    let content = post.markdown ?? htmlToMarkdown(post.html);
    if (content === '') {
      // Kept, not skipped: its title and old address stay the author's, and the old address leads to it once published.
      content = EMPTY_POST_TEXT;
      if (status !== 'draft')
        warnings.push(
          'no text on the old site: arrives as a draft with its title and its old address; write it, then publish it',
        );
      else warnings.push('no text on the old site: arrives with its title and its old address');
    }
    if (content.length > TEXT_LIMITS.content)
      return skip(`text longer than ${TEXT_LIMITS.content.toLocaleString('en')} characters`);
    const pending = this.pendingItems.length;
    const newCategory = this.newCategories.size;
    const { category, extraTags } = this.categoryOf(post, warnings);
    const tags = this.tagsOf([...post.tags, ...extraTags], warnings);
    if (!post.title.trim()) warnings.push('no title: called "Untitled"');
    const empty = content === EMPTY_POST_TEXT;
    // The excerpt, else the text's first sentences: prose only, no heading run into it.
    const excerpt = post.excerpt.trim() ? summaryOf(renderContentText(htmlToMarkdown(post.excerpt), 'markdown')) : '';
    const input: BlogPostInput = {
      title: title.slice(0, TEXT_LIMITS.title),
      summary: excerpt || (empty ? '' : summaryOf(renderLeadText(content, 'markdown'))) || title,
      content,
      category,
      // The cover is settled when the images are brought in (prepare): the first image shown, else none.
      coverImage: '',
      contentFormat: 'markdown',
      status: empty ? 'draft' : status,
      publishAt: status === 'scheduled' && !empty ? post.date : null,
      slug,
      metaDescription: metaDescriptionOf(post),
      socialImage: '',
      tags: tags.map((tag) => tag.label),
    };
    const checked = blogPostInputSchema.safeParse(input);
    if (!checked.success) {
      // A skipped post makes no category and no tag.
      this.pendingItems.length = pending;
      for (const slug of [...this.newCategories.keys()].slice(newCategory)) this.newCategories.delete(slug);
      return skip(describeValidationIssues(checked.error.issues));
    }
    this.noteNewTags(tags);
    // Each address once, as the import brings it in (a featured image also shown in the text is one image).
    const images = new Set([...markdownImageUrls(content), ...(post.featuredImage ? [post.featuredImage] : [])]).size;
    if (images > 0) warnings.push(`${images} image${images === 1 ? '' : 's'} to bring in`);
    const finalKind = empty ? 'draft' : kind;
    const comments = post.comments?.length ?? 0;
    return {
      item: { item: label, kind: finalKind, action: 'create', warnings, ...(comments > 0 ? { comments } : {}) },
      input,
      tags,
      date: post.date,
      source: post,
    };
  }

  /**
   * A page of the old site becomes one of this site's pages: its slug kept (so /level-1/level-2/ still answers,
   * under the same parents), a draft when it was not for everyone, its images brought in like a post's.
   */
  private planPage(
    post: SourcePost,
    status: 'published' | 'draft' | 'scheduled',
    skip: (reason: string) => Plan,
  ): Plan {
    const title = post.title.trim() || 'Untitled';
    const label = `${title} (page ${post.sourceId})`;
    if (this.importedPages.has(post.sourceId)) return skip('already imported');
    if (this.idsInFile.has(post.sourceId)) return skip('appears twice in the file');
    this.idsInFile.add(post.sourceId);
    const parent = post.parentSourceId ?? '';
    const siblings = this.pageSlugsInFile.get(parent) ?? new Set<string>();
    this.pageSlugsInFile.set(parent, siblings);
    const warnings: string[] = [];
    let slug = slugOf(post, 'page');
    const taken = parent === '' ? new Set([...siblings, ...this.topPageSlugs, ...RESERVED_PAGE_SEGMENTS]) : siblings;
    if (taken.has(slug)) {
      const unique = uniqueSlug(slug, taken);
      warnings.push(
        parent === '' && (RESERVED_PAGE_SEGMENTS.has(slug) || this.topPageSlugs.has(slug))
          ? `the address /${slug} is taken on this site: this page becomes /${unique}`
          : `slug "${slug}" is used twice in the file: this one becomes "${unique}"`,
      );
      slug = unique;
    }
    siblings.add(slug);
    if (post.notPublic) warnings.push(post.notPublic);
    let content = post.markdown ?? htmlToMarkdown(post.html);
    const empty = content === '';
    if (empty) {
      content = EMPTY_POST_TEXT;
      warnings.push('no text on the old site: arrives as a draft with its title; write it, then publish it');
    }
    if (content.length > TEXT_LIMITS.content)
      return skip(`text longer than ${TEXT_LIMITS.content.toLocaleString('en')} characters`);
    if (!post.title.trim()) warnings.push('no title: called "Untitled"');
    const page: SitePageInput = {
      title: title.slice(0, TEXT_LIMITS.title),
      content,
      contentFormat: 'markdown',
      slug,
      status: empty ? 'draft' : status,
      publishAt: status === 'scheduled' && !empty ? post.date : null,
      metaDescription: metaDescriptionOf(post),
      socialImage: '',
    };
    const checked = sitePageInputSchema.safeParse(page);
    if (!checked.success) return skip(describeValidationIssues(checked.error.issues));
    const images = new Set(markdownImageUrls(content)).size;
    if (images > 0) warnings.push(`${images} image${images === 1 ? '' : 's'} to bring in`);
    return { item: { item: label, kind: 'page', action: 'create', warnings }, page, date: post.date, source: post };
  }

  /**
   * The images a planned post shows (its text's, and its featured image): what the import brings in for it, kept
   * until then as copies, not as slices of the post's text.
   */
  imagesOf(plan: Plan): PlannedImages | null {
    const urls = markdownImageUrls((plan.input ?? plan.page)!.content).map(detachedCopy);
    const featured = plan.page ? null : plan.source.featuredImage && detachedCopy(plan.source.featuredImage);
    return urls.length > 0 || featured ? { urls, featured } : null;
  }

  /** Brings a post's images in, outside any transaction: where each now is (null: left as a link), its cover. */
  async bringImages(planned: PlannedImages, images: ImageFetcher): Promise<BroughtImages> {
    const warnings: string[] = [];
    const replaced = new Map<string, string | null>();
    for (const url of planned.urls) {
      const fetched = await images.fetch(url);
      replaced.set(url, 'path' in fetched ? fetched.path : null);
      if ('warning' in fetched) warnings.push(fetched.warning);
    }
    let cover: string | null = null;
    if (planned.featured) {
      const fetched = await images.fetch(planned.featured);
      if ('path' in fetched) cover = fetched.path;
      // Already said of the same image in the text.
      else if (!replaced.has(planned.featured)) warnings.push(`featured ${fetched.warning}`);
    }
    cover ??= [...replaced.values()].find((value): value is string => value !== null) ?? null;
    return { replaced, cover, warnings };
  }

  /**
   * The dry run's account of a post's images: where each will come from (the media archive, its old host, which
   * answered) and each that will be missing (shown as a placeholder with its alt text and a link).
   */
  async describeImages(
    planned: PlannedImages,
    images: ImageFetcher,
  ): Promise<{ warnings: string[]; found: { archive: number; web: number; missing: number } }> {
    const all = [...new Set([...planned.urls, ...(planned.featured ? [planned.featured] : [])])];
    const found = { archive: 0, web: 0 };
    const missing: string[] = [];
    const hosts = new Set<string>();
    for (const url of all) {
      const source: ImageSource = await images.locate(url);
      if (source === 'archive') found.archive += 1;
      else if (source === 'web') {
        found.web += 1;
        hosts.add(new URL(url).host);
      } else if (source === 'missing') missing.push(url);
    }
    const parts = [
      found.archive > 0 ? `${found.archive} in the media archive` : '',
      found.web > 0 ? `${found.web} to fetch from ${[...hosts].join(', ')}` : '',
      missing.length > 0 ? `${missing.length} missing` : '',
    ].filter(Boolean);
    const warnings = parts.length > 0 ? [`${all.length} image${all.length === 1 ? '' : 's'}: ${parts.join(', ')}`] : [];
    const placeholder = 'shown as a placeholder with its alt text and a link';
    for (const url of missing) {
      const why = images.missingReason(url);
      warnings.push(
        why
          ? `${why}: missing; ${placeholder}`
          : `image ${url} missing: ${images.hasArchive ? 'not in the media archive, and ' : ''}its host does not answer; ${placeholder}`,
      );
    }
    return { warnings, found: { ...found, missing: missing.length } };
  }

  /** The data to write for a planned post, its images (brought in before) in place, and its warnings. */
  prepare(plan: Plan, brought: BroughtImages | undefined): { post: PreparedPost; warnings: string[] } {
    const warnings = (plan.item.warnings ?? []).filter((warning) => !DRY_RUN_IMAGE_NOTE.test(warning));
    if (brought) warnings.push(...brought.warnings);
    if (plan.page) {
      const page = plan.page;
      const data = sitePageInputSchema.parse({
        ...page,
        content: brought ? replaceMarkdownImages(page.content, brought.replaced) : page.content,
      });
      const publishedAt = plan.date && page.status === 'published' ? plan.date : null;
      const parentSourceId = plan.source.parentSourceId ?? null;
      return { post: { kind: 'page', sourceId: plan.source.sourceId, data, publishedAt, parentSourceId }, warnings };
    }
    const input = plan.input!;
    // No image: no cover (the blog shows a text card), never the same stand-in on every post.
    const data = blogPostInputSchema.parse({
      ...input,
      content: brought ? replaceMarkdownImages(input.content, brought.replaced) : input.content,
      coverImage: brought?.cover ?? '',
    });
    const publishedAt = plan.date && input.status === 'published' ? plan.date : null;
    return {
      post: {
        kind: 'post',
        sourceId: plan.source.sourceId,
        data,
        tags: plan.tags ?? [],
        publishedAt,
        legacyPaths: plan.source.legacyPaths,
        comments: plan.source.comments ?? [],
      },
      warnings,
    };
  }

  /**
   * Writes the prepared pages (inside the import's transaction), each parent before its subpages; a page whose parent
   * is neither in the file nor imported before becomes a top-level page.
   */
  async writePages(db: AppDatabase, pages: ReadonlyArray<Extract<PreparedPost, { kind: 'page' }>>): Promise<void> {
    const inFile = new Set(pages.map((page) => page.sourceId));
    let waiting = [...pages];
    while (waiting.length > 0) {
      const later: typeof waiting = [];
      for (const page of waiting) {
        const parent = page.parentSourceId;
        const parentId = parent ? (this.pageIds.get(parent) ?? this.importedPages.get(parent)) : undefined;
        // The parent is in the file but not written yet (it comes later, or in a loop): after it.
        if (parent && !parentId && inFile.has(parent) && !this.pageIds.has(parent)) {
          later.push(page);
          continue;
        }
        const written = await createSitePage(
          db,
          { ...page.data, parentId: parentId ?? null },
          page.publishedAt ?? undefined,
        );
        this.pageIds.set(page.sourceId, written.id);
        await recordImportedItem(db, {
          source: this.source,
          kind: 'page',
          sourceId: page.sourceId,
          targetId: written.id,
        });
      }
      // A loop of parents (never in a real export): the rest go to the top.
      waiting = later.length === waiting.length ? later.map((page) => ({ ...page, parentSourceId: null })) : later;
    }
  }

  /** Writes one prepared post (inside the import's transaction). */
  async write(db: AppDatabase, prepared: Extract<PreparedPost, { kind: 'post' }>): Promise<void> {
    const post = await createBlogPost(db, prepared.data, prepared.publishedAt ?? undefined, undefined, prepared.tags);
    await recordImportedItem(db, { source: this.source, kind: 'post', sourceId: prepared.sourceId, targetId: post.id });
    await recordLegacyPaths(db, post.id, prepared.legacyPaths);
    await addImportedComments(db, post.id, prepared.comments, prepared.publishedAt);
  }
}

/**
 * A post's comments, top-level ones first so each reply finds its parent: shown at once (they were approved on the
 * old site), under the name they had there (`origin: 'import'`, no reader of this site, no address).
 */
async function addImportedComments(
  db: AppDatabase,
  postId: string,
  comments: readonly SourceComment[],
  publishedAt: string | null,
): Promise<void> {
  const ids = new Map<string, string>();
  const ordered = [
    ...comments.filter((comment) => comment.parentSourceId === null),
    ...comments.filter((comment) => comment.parentSourceId !== null),
  ];
  for (const comment of ordered) {
    const parentId = comment.parentSourceId === null ? null : (ids.get(comment.parentSourceId) ?? null);
    const id = await addComment(db, {
      targetKind: 'post',
      targetId: postId,
      parentId,
      origin: 'import',
      remoteAuthor: { name: comment.authorName, server: null, url: null },
      body: comment.body,
      status: 'approved',
      createdAt: comment.date ?? publishedAt ?? undefined,
    });
    ids.set(comment.sourceId, id);
  }
}

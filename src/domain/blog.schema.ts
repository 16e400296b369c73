import { z } from 'zod';
import { MAX_BLOG_PAGE, MAX_TAG_LABEL, MAX_TAGS_PER_POST } from './blog.js';
import { categoryReference, optionalCategoryReference } from './blog-categories.schema.js';
import { CONTENT_FORMATS, DEFAULT_CONTENT_FORMAT, type ContentFormat } from './content-format.js';
import { enumField, optionalText, requiredText, textWithEmptyDefault } from './fields.schema.js';
import { COVER_IMAGE_MESSAGE, isValidImageReference } from './images.js';
import { optionalCoverImageSchema } from './images.schema.js';
import { TEXT_LIMITS } from './limits.js';
import { BLOG_CARD_PAGE, BLOG_POST_PAGE } from './paging.js';
import { limitField, pageFields } from './paging.schema.js';
import { POST_STATES, type PostState } from './post-states.js';
import { looksLikeId, MAX_SLUG_LENGTH, SLUG_MESSAGE, SLUG_PATTERN } from './slugs.js';

/** A list's optional tag (its slug): missing keeps every post; one no post has lists none. */
const optionalTagReference = z
  .unknown()
  .optional()
  .transform((value) => (value === undefined ? undefined : typeof value === 'string' ? value.trim() : ''));

/** One tag by its slug (GET /api/blog/tags/{slug}): anything else is no tag's slug. */
export const tagBySlugInput = z.object({
  slug: z.string({ error: 'Tag not found' }).max(MAX_SLUG_LENGTH, 'Tag not found').regex(SLUG_PATTERN, 'Tag not found'),
});

/**
 * A page of published posts with their text: `limit` (20, at most 50) after `cursor` (the last post's id); `category`
 * (one of the site's, checked by the server) keeps one category.
 */
export const blogListInput = z
  .object({ category: optionalCategoryReference, tag: optionalTagReference, ...pageFields(BLOG_POST_PAGE) })
  .prefault({});

/** A numbered page of /blog's cards: `page` (1-based) of `limit` cards (12, at most 50). */
export const blogCardsInput = z
  .object({
    category: optionalCategoryReference,
    tag: optionalTagReference,
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(MAX_BLOG_PAGE, `page must be at most ${MAX_BLOG_PAGE}`)
      .default(1),
    limit: limitField(BLOG_CARD_PAGE),
  })
  .prefault({});

/** A post's tags by name, in order (a tag is made the first time a post names it); missing keeps a post's tags. */
const tagsSchema = z
  .array(requiredText('Tag', MAX_TAG_LABEL), { error: 'Tags must be a list of names' })
  .max(MAX_TAGS_PER_POST, `A post has at most ${MAX_TAGS_PER_POST} tags`)
  .optional();

export const SLUG_LOOKS_LIKE_POST_ID = 'Slug may not look like a post id';
export const PUBLISH_AT_REQUIRED = 'Choose the date and time to publish the post';
const PUBLISH_AT_MESSAGE = 'Publish time must be a date and time like 2026-12-01T09:00:00Z';
const SOCIAL_IMAGE_MESSAGE = COVER_IMAGE_MESSAGE.replace('Cover image', 'Social image');

/** A moment with its offset (the admin's browser sends UTC ISO), stored as UTC ISO text. */
export const publishAtSchema = z
  .string({ error: PUBLISH_AT_MESSAGE })
  .trim()
  .max(40, PUBLISH_AT_MESSAGE)
  .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))), {
    message: PUBLISH_AT_MESSAGE,
    abort: true,
  })
  .nullish()
  .transform((value) => (value ? new Date(value).toISOString() : null));

export const blogPostInputSchema = z
  .object({
    title: requiredText('Title', TEXT_LIMITS.title),
    summary: requiredText('Summary', TEXT_LIMITS.summary),
    content: requiredText('Content', TEXT_LIMITS.content),
    /** One of the site's categories' slugs (checked by the server, which names them when refusing). */
    category: categoryReference,
    tags: tagsSchema,
    /** Blank: no cover (the list shows a text card, the page none). */
    coverImage: optionalCoverImageSchema,
    /** Missing: Markdown. 'plain' keeps the text of before Markdown (each line a paragraph). */
    contentFormat: enumField('Content format', CONTENT_FORMATS).default(DEFAULT_CONTENT_FORMAT),
    /** Missing: published on create (as the API always did), unchanged on update. */
    status: enumField('Status', POST_STATES).optional(),
    /** When a scheduled post is published (required with status 'scheduled'; ignored otherwise). */
    publishAt: publishAtSchema,
    /** Blank: made from the title on create, kept as it was on update. */
    slug: optionalText('Slug', MAX_SLUG_LENGTH)
      .refine((slug) => slug === null || SLUG_PATTERN.test(slug), SLUG_MESSAGE)
      .refine((slug) => slug === null || !looksLikeId(slug), SLUG_LOOKS_LIKE_POST_ID),
    /** Blank: the summary is the page's description. */
    metaDescription: textWithEmptyDefault('Meta description', TEXT_LIMITS.summary),
    /** Blank: the cover is the image shared on social sites. */
    socialImage: textWithEmptyDefault('Social image', TEXT_LIMITS.url).refine(
      (value) => value === '' || isValidImageReference(value),
      SOCIAL_IMAGE_MESSAGE,
    ),
  })
  .refine((post) => post.status !== 'scheduled' || post.publishAt !== null, {
    message: PUBLISH_AT_REQUIRED,
    path: ['publishAt'],
  });
export type BlogPostInput = z.input<typeof blogPostInputSchema>;
export type BlogPostData = z.output<typeof blogPostInputSchema>;

/** A post as stored: its state, slug and format always set; `publishedAt` is its publication (or planned) time. */
export type BlogPost = Omit<BlogPostData, 'status' | 'publishAt' | 'slug' | 'contentFormat' | 'tags'> & {
  id: string;
  publishedAt: Date;
  status: PostState;
  slug: string;
  contentFormat: ContentFormat;
};

/** A post without its text: what a card, a post's neighbours or the admin's list need. */
export type BlogPostCard = Omit<BlogPost, 'content'>;

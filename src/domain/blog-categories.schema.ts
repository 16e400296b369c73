import { z } from 'zod';
import { BLOG_CATEGORY_COLORS, MAX_BLOG_CATEGORIES, MAX_CATEGORY_LABEL } from './blog.js';
import { enumField, optionalText, requiredText } from './fields.schema.js';
import { MAX_SLUG_LENGTH, SLUG_MESSAGE, SLUG_PATTERN } from './slugs.js';

/** A category named by its slug (the current one, or one it had before a rename). */
const categorySlug = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_SLUG_LENGTH, `${label} must be at most ${MAX_SLUG_LENGTH} characters`);

/** A category as the author writes it: a name, an optional slug (blank: made from the name), a colour. */
export const blogCategoryInputSchema = z.object({
  label: requiredText('Name', MAX_CATEGORY_LABEL),
  slug: optionalText('Slug', MAX_SLUG_LENGTH).refine((slug) => slug === null || SLUG_PATTERN.test(slug), SLUG_MESSAGE),
  color: enumField('Colour', BLOG_CATEGORY_COLORS).default('gray'),
});
export type BlogCategoryData = z.output<typeof blogCategoryInputSchema>;

export const blogCategoryBySlugInput = z.object({ slug: categorySlug('Category') });

/** A rename (and recolour): `slug` names the category, `data` is what it becomes; a blank slug keeps its slug. */
export const blogCategoryUpdateInput = z.object({ slug: categorySlug('Category'), data: blogCategoryInputSchema });

/** Every post of `slug` moves to `into`, whose address the old one now leads to. */
export const blogCategoryMergeInput = z.object({ slug: categorySlug('Category'), into: categorySlug('Merge into') });

/** Deleting a category moves its posts to `moveTo` (required whenever it has posts). */
export const blogCategoryDeleteInput = z.object({
  slug: categorySlug('Category'),
  moveTo: categorySlug('Move posts to').optional(),
});

/** Every category's slug, in the new order. */
export const blogCategoryOrderInput = z.object({
  slugs: z
    .array(categorySlug('Category'), { error: 'slugs must be a list of category slugs' })
    .min(1, 'Give every category in its new order')
    .max(MAX_BLOG_CATEGORIES, `A blog has at most ${MAX_BLOG_CATEGORIES} categories`),
});

/**
 * The category a post or a list names: any text, checked against the site's categories by the server (which lists
 * them in its message). Anything else (a number, a repeated query parameter) names none, and is refused the same way.
 */
export const categoryReference = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' ? value.trim() : ''));

/** A list's optional category: missing keeps every category. */
export const optionalCategoryReference = z
  .unknown()
  .optional()
  .transform((value) => (value === undefined ? undefined : typeof value === 'string' ? value.trim() : ''));

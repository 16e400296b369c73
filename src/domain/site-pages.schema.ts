import { z } from 'zod';
import { PUBLISH_AT_REQUIRED, publishAtSchema } from './blog.schema.js';
import { CONTENT_FORMATS } from './content-format.js';
import { enumField, idSchema, optionalText, requiredText, textWithEmptyDefault } from './fields.schema.js';
import { COVER_IMAGE_MESSAGE, isValidImageReference } from './images.js';
import { TEXT_LIMITS } from './limits.js';
import { POST_STATES } from './post-states.js';
import { PAGE_MENUS } from './site-pages.js';
import { MAX_SLUG_LENGTH, SLUG_MESSAGE, SLUG_PATTERN } from './slugs.js';

const SOCIAL_IMAGE_MESSAGE = COVER_IMAGE_MESSAGE.replace('Cover image', 'Social image');

/** A page as the editor (or a script) writes it; the server checks its parent and that its address is free. */
export const sitePageInputSchema = z
  .object({
    title: requiredText('Title', TEXT_LIMITS.title),
    content: requiredText('Content', TEXT_LIMITS.content),
    contentFormat: enumField('Content format', CONTENT_FORMATS).default('markdown'),
    /** Blank: made from the title on create, kept on update. */
    slug: optionalText('Slug', MAX_SLUG_LENGTH).refine(
      (slug) => slug === null || SLUG_PATTERN.test(slug),
      SLUG_MESSAGE,
    ),
    /** The page it sits under (its address is the parent's plus its slug); blank: a top-level page. */
    parentId: z
      .union([z.literal(''), idSchema], { error: 'Parent must be the id of another page' })
      .nullish()
      .transform((value) => value || null),
    /** Missing: a draft on create, unchanged on update. */
    status: enumField('Status', POST_STATES).optional(),
    publishAt: publishAtSchema,
    metaDescription: textWithEmptyDefault('Meta description', TEXT_LIMITS.summary),
    socialImage: textWithEmptyDefault('Social image', TEXT_LIMITS.url).refine(
      (value) => value === '' || isValidImageReference(value),
      SOCIAL_IMAGE_MESSAGE,
    ),
    /** Listed in the header's menu, the footer's, or neither (Settings → Site orders them). Missing: unchanged. */
    menu: enumField('Menu', PAGE_MENUS).optional(),
  })
  .refine((page) => page.status !== 'scheduled' || page.publishAt !== null, {
    message: PUBLISH_AT_REQUIRED,
    path: ['publishAt'],
  });

export type SitePageInput = z.input<typeof sitePageInputSchema>;
export type SitePageData = z.output<typeof sitePageInputSchema>;

/** A public page by its address: 'level-1/level-2' (no leading slash needed). */
export const pageByPathInput = z.object({
  path: z
    .string({ error: 'Path is required' })
    .max(MAX_SLUG_LENGTH * 6 + 6, 'Page not found')
    .transform((path) => path.replace(/^\/+|\/+$/g, '')),
});

import { AUTHOR_NAME, SERIES_NAME } from './site.js';

export type PageMeta = { title: string; description: string };

const SITE_NAME = `${SERIES_NAME} by ${AUTHOR_NAME}`;

/** '<page> | The Cinderwake Cycle', or the site name alone. */
function pageTitle(name?: string): string {
  return name ? `${name} | ${SERIES_NAME}` : SITE_NAME;
}

/**
 * Head tags for the static pages, keyed by route path. Detail pages ('/excerpts/$slug',
 * '/blog/$slug') have a fallback here; the server titles them from their data when it can
 * (e.g. pageTitle(excerpt.title), description: excerpt.description / post.summary).
 */
export const PAGE_META: Record<string, PageMeta> = {
  '/': {
    title: SITE_NAME,
    description: `The official home of ${SERIES_NAME}, a dark fantasy series by ${AUTHOR_NAME}. Read excerpts, explore the art and music, and preorder the next book.`,
  },
  '/books': {
    title: pageTitle('Books'),
    description: `Every book of ${SERIES_NAME}, in publication order, with excerpts and buying options.`,
  },
  '/excerpts': {
    title: pageTitle('Excerpts'),
    description: `Read excerpts from ${SERIES_NAME}, grouped by book, each marked with its spoiler level.`,
  },
  '/excerpts/$slug': {
    title: pageTitle('Excerpt'),
    description: `An excerpt from ${SERIES_NAME} by ${AUTHOR_NAME}.`,
  },
  '/art-music': {
    title: pageTitle('Art & Music'),
    description: `Official and fan art from ${SERIES_NAME}, and the soundtrack to read it by.`,
  },
  '/blog': {
    title: pageTitle('Blog & News'),
    description: `Announcements, behind-the-scenes notes and soundtracks from ${AUTHOR_NAME}.`,
  },
  '/blog/$slug': {
    title: pageTitle('Blog'),
    description: `News and notes from ${AUTHOR_NAME}, author of ${SERIES_NAME}.`,
  },
  '/about': {
    title: pageTitle('About the Author'),
    description: `${AUTHOR_NAME}: former book conservator and author of ${SERIES_NAME}.`,
  },
  '/contact': {
    title: pageTitle('Contact & Subscribe'),
    description: `Write to ${AUTHOR_NAME}, subscribe to the newsletter, or find her on social media.`,
  },
  '/preorder': {
    title: pageTitle('Preorder'),
    description: `Preorder the next book of ${SERIES_NAME} in ebook, paperback or hardcover.`,
  },
  '/search': {
    title: pageTitle('Search'),
    description: `Search the books, excerpts and blog posts of ${SERIES_NAME}.`,
  },
  '404': {
    title: '404 Page Not Found',
    description: 'The page you are looking for does not exist.',
  },
};

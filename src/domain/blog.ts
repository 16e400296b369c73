import { MAX_SLUG_LENGTH, SLUG_PATTERN } from './slugs.js';

/** A new site's categories (the seed's); the author's own live in the database and may differ. */
export const BLOG_CATEGORIES = ['announcements', 'behind-scenes', 'soundtracks'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** A category as readers and the editor see it. */
export type BlogCategoryItem = { id: string; slug: string; label: string; color: string; position: number };

/** The colours a category's chip may take (Mantine's palette). */
export const BLOG_CATEGORY_COLORS = [
  'gray',
  'red',
  'violet',
  'teal',
  'blue',
  'grape',
  'orange',
  'green',
  'cyan',
  'pink',
  'indigo',
  'lime',
  'yellow',
] as const;
export const MAX_CATEGORY_LABEL = 60;
export const MAX_BLOG_CATEGORIES = 200;
export const MAX_TAG_LABEL = 60;
export const MAX_TAGS_PER_POST = 20;

/** A tag as a post carries it: its name and its slug (/blog?tag=<slug>). */
export type BlogTagItem = { slug: string; label: string };

/** The message refusing a category the site does not have: it names those it has. */
export const unknownCategoryMessage = (slugs: readonly string[]) => `Category must be one of: ${slugs.join(', ')}`;

/** The category a `?category=` value could name (any slug; the server knows which exist), or undefined (all posts). */
export function blogCategoryFrom(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value) ? value : undefined;
}
export const DEFAULT_BLOG_CATEGORY: BlogCategory = 'announcements';

const CATEGORY_LABELS: Record<BlogCategory, string> = {
  announcements: 'Announcements',
  'behind-scenes': 'Behind-the-Scenes',
  soundtracks: 'Soundtracks',
};

const CATEGORY_COLORS: Record<BlogCategory, string> = {
  announcements: 'red',
  'behind-scenes': 'violet',
  soundtracks: 'teal',
};

/** Own keys only: a category such as 'constructor' must not find Object.prototype's members. */
const isKnownCategory = (category: string): category is BlogCategory => Object.hasOwn(CATEGORY_LABELS, category);

/** Any other category shows its raw value. */
export function blogCategoryLabel(category: string): string {
  return isKnownCategory(category) ? CATEGORY_LABELS[category] : category;
}

export function blogCategoryColor(category: string): string {
  return isKnownCategory(category) ? CATEGORY_COLORS[category] : 'gray';
}

/** The highest page of /blog asked for: past any blog's last page (an empty page is answered beyond the last). */
export const MAX_BLOG_PAGE = 100_000;

/** The page a `?page=` value names: a whole number from 2 to MAX_BLOG_PAGE, or undefined (the first page). */
export function blogPageFrom(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9]\d{0,5}$/.test(text)) return undefined;
  const page = Number(text);
  return page >= 2 && page <= MAX_BLOG_PAGE ? page : undefined;
}

/** Home: only announcements, newest first, at most 3. */
const HOME_ANNOUNCEMENT_COUNT = 3;
/** Home's query of blog cards: the newest announcements only. */
export const HOME_CARDS_INPUT = { category: 'announcements', limit: HOME_ANNOUNCEMENT_COUNT } as const;
export function latestAnnouncements<T extends { category: string; publishedAt: Date }>(posts: readonly T[]): T[] {
  return posts
    .filter((post) => post.category === 'announcements')
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
    .slice(0, HOME_ANNOUNCEMENT_COUNT);
}

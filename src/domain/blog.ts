export const BLOG_CATEGORIES = ['announcements', 'behind-scenes', 'soundtracks'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** The category a `?category=` value names, or undefined (all posts) for anything else. */
export function blogCategoryFrom(value: unknown): BlogCategory | undefined {
  return BLOG_CATEGORIES.find((category) => category === value);
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

export const BLOG_FILTERS = [
  { id: 'all', label: 'All Posts' },
  { id: 'announcements', label: 'Announcements' },
  { id: 'behind-scenes', label: 'Behind-the-Scenes' },
  { id: 'soundtracks', label: 'Soundtracks' },
] as const;
export type BlogFilterId = (typeof BLOG_FILTERS)[number]['id'];

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

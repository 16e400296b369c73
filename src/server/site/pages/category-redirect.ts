import { categoryNamed } from '../../content/blog/blog-categories.js';
import type { AppServices } from '../../services.js';

/**
 * What the blog's `?category=` names, before any rendering: a renamed or merged category's old slug answers 301 to
 * its new address (readers and search engines follow, with or without the script); a slug no category has is left
 * out (the whole blog is shown, and made-up slugs cannot fill the page cache). Any other location is kept.
 */
export async function blogCategoryLocation(
  services: Pick<AppServices, 'db' | 'cache'>,
  location: string,
): Promise<{ location: string; moved: boolean }> {
  if (!location.startsWith('/blog?')) return { location, moved: false };
  const params = new URLSearchParams(location.slice('/blog?'.length));
  const slug = params.get('category');
  if (!slug) return { location, moved: false };
  const category = await categoryNamed(services, slug);
  if (category?.slug === slug) return { location, moved: false };
  if (category) params.set('category', category.slug);
  else params.delete('category');
  const query = params.toString();
  return { location: query ? `/blog?${query}` : '/blog', moved: category !== undefined };
}

import { blogCategoryFrom } from '../../../domain/blog.js';
import { blogTagPath, categoryFeedPath, tagFeedPath } from '../../../domain/content-links.js';
import { categoryNamed } from '../../content/blog/blog-categories.js';
import { publishedTag } from '../../content/blog/published-posts.js';
import type { AppServices } from '../../services.js';

type FeedFilter =
  | {
      kind: 'feed';
      category?: string;
      tag?: string;
      /** Set for a category's or a tag's feed: its name, its list and its own address. */
      channel?: { label: string; listPath: string; feedPath: string };
    }
  | { kind: 'moved'; location: string }
  | { kind: 'none' };

/** One query value: a repeated parameter or one that is no slug names nothing. */
const slugParam = (value: unknown): string | undefined | null =>
  value === undefined ? undefined : (blogCategoryFrom(value) ?? null);

/**
 * What a feed request's query asks for: the whole blog, a category's posts (a renamed category's old slug: moved to
 * its new feed) or a tag's, or none (a category the site does not have, a tag no published post has, a malformed
 * slug). Other parameters are ignored.
 */
export async function feedFilterOf(
  services: Pick<AppServices, 'db' | 'cache' | 'publicOrigin'>,
  query: Record<string, unknown>,
): Promise<FeedFilter> {
  const categorySlug = slugParam(query.category);
  const tagSlug = slugParam(query.tag);
  if (categorySlug === null || tagSlug === null) return { kind: 'none' };
  if (categorySlug !== undefined && tagSlug !== undefined) return { kind: 'none' };
  if (categorySlug !== undefined) {
    const category = await categoryNamed(services, categorySlug);
    if (!category) return { kind: 'none' };
    if (category.slug !== categorySlug) return { kind: 'moved', location: categoryFeedPath(category.slug) };
    const channel = {
      label: category.label,
      listPath: `/blog?category=${encodeURIComponent(category.slug)}`,
      feedPath: categoryFeedPath(category.slug),
    };
    return { kind: 'feed', category: category.slug, channel };
  }
  if (tagSlug !== undefined) {
    const tag = await publishedTag(services, tagSlug);
    if (!tag) return { kind: 'none' };
    return {
      kind: 'feed',
      tag: tag.slug,
      channel: { label: tag.label, listPath: blogTagPath(tag.slug), feedPath: tagFeedPath(tag.slug) },
    };
  }
  return { kind: 'feed' };
}

import type { BlogPostRow } from '../../db/schema.js';
import { renderContentHtml } from '../../content/rendering/render-content.js';
import type { ContentFormat } from '../../../domain/content-format.js';
import { blogCategoryLabel } from '../../../domain/blog.js';

type SubscriberRow = { id: string; email: string; name: string | null; isActive: number; createdAt: string };

const GHOST_STATUS: Record<string, string> = { published: 'published', draft: 'draft', scheduled: 'scheduled' };

/** Ghost's import format (Settings → Labs → Import content): posts with HTML, tags from categories, and members. */
export function ghostExport(
  posts: readonly BlogPostRow[],
  subscribers: readonly SubscriberRow[],
  siteOrigin: string,
  now = new Date(),
): unknown {
  const categories = [...new Set(posts.map((post) => post.category))];
  const tagId = (category: string) => `tag-${categories.indexOf(category) + 1}`;
  const absolute = (url: string) => (url.startsWith('/') ? `${siteOrigin}${url}` : url);
  return {
    db: [
      {
        meta: { exported_on: now.getTime(), version: '5.0.0' },
        data: {
          posts: posts.map((post) => ({
            id: post.id,
            title: post.title,
            slug: post.slug,
            html: renderContentHtml(post.content, post.contentFormat as ContentFormat, {
              siteOrigin,
              absoluteUrls: true,
            }),
            feature_image: post.coverImage ? absolute(post.coverImage) : null,
            custom_excerpt: post.summary.slice(0, 300),
            meta_description: post.metaDescription || null,
            type: 'post',
            status: GHOST_STATUS[post.status] ?? 'draft',
            visibility: 'public',
            created_at: post.publishedAt,
            updated_at: post.publishedAt,
            published_at: post.status === 'draft' ? null : post.publishedAt,
          })),
          tags: categories.map((category) => ({
            id: tagId(category),
            name: blogCategoryLabel(category),
            slug: category,
          })),
          posts_tags: posts.map((post) => ({ post_id: post.id, tag_id: tagId(post.category) })),
          members: subscribers.map((subscriber) => ({
            id: subscriber.id,
            email: subscriber.email,
            name: subscriber.name,
            status: 'free',
            subscribed: subscriber.isActive !== 0,
            created_at: subscriber.createdAt,
          })),
        },
      },
    ],
  };
}

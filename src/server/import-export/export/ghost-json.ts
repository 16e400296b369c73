import type { BlogPostRow } from '../../db/schema.js';
import { renderContentHtml } from '../../content/rendering/render-content.js';
import type { ContentFormat } from '../../../domain/content-format.js';
import { blogCategoryLabel } from '../../../domain/blog.js';
import { ghostImagePath, replaceUploadUrls, uploadNameOf } from './post-images.js';
import { subscriberState, type ExportedSubscriber } from './subscriber-states.js';

const GHOST_STATUS: Record<string, string> = { published: 'published', draft: 'draft', scheduled: 'scheduled' };

/**
 * Ghost's import format (Settings → Labs → Import content): posts with HTML, tags from categories, and members
 * (subscribed only when they confirmed; the members CSV is Ghost's way in for them). The posts' uploaded images
 * are named at Ghost's `/content/images/<name>`, where the Ghost import zip holds them (`images`: their names).
 */
export function ghostExport(
  posts: readonly BlogPostRow[],
  subscribers: readonly ExportedSubscriber[],
  siteOrigin: string,
  images: ReadonlySet<string>,
  now = new Date(),
): unknown {
  const categories = [...new Set(posts.map((post) => post.category))];
  const tagId = (category: string) => `tag-${categories.indexOf(category) + 1}`;
  const absolute = (url: string) => (url.startsWith('/') ? `${siteOrigin}${url}` : url);
  const cover = (url: string) => {
    const name = uploadNameOf(url, images);
    return name ? ghostImagePath(name) : absolute(url);
  };
  return {
    db: [
      {
        meta: { exported_on: now.getTime(), version: '5.0.0' },
        data: {
          posts: posts.map((post) => ({
            id: post.id,
            title: post.title,
            slug: post.slug,
            html: replaceUploadUrls(
              renderContentHtml(post.content, post.contentFormat as ContentFormat, { siteOrigin, absoluteUrls: true }),
              siteOrigin,
              images,
              ghostImagePath,
            ),
            feature_image: post.coverImage ? cover(post.coverImage) : null,
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
            subscribed: subscriberState(subscriber) === 'subscribed',
            created_at: subscriber.createdAt,
          })),
        },
      },
    ],
  };
}

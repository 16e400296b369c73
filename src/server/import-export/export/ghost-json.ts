import type { BlogPostRow } from '../../db/schema.js';
import { renderContentHtml } from '../../content/rendering/render-content.js';
import type { ContentFormat } from '../../../domain/content-format.js';
import { ghostImagePath, replaceUploadUrls, uploadNameOf } from './post-images.js';
import { exportedCategories, exportedTags, type SiteShape } from './site-shape.js';
import { subscriberState, type ExportedSubscriber } from './subscriber-states.js';

const GHOST_STATUS: Record<string, string> = { published: 'published', draft: 'draft', scheduled: 'scheduled' };

/**
 * Ghost's import format (Settings → Labs → Import content): posts with HTML and their tags (the category first, as
 * Ghost's primary tag, then the post's tags; Ghost has one list of tags, so a category and a tag with the same slug
 * are one tag), the author's pages (`type: 'page'` in `posts`, as Ghost 5 writes them; Ghost does not nest pages),
 * and members (subscribed only when they confirmed; the members CSV is Ghost's way in for them). The uploaded images
 * posts and pages show are named at Ghost's `/content/images/<name>`, where the Ghost import zip holds them
 * (`images`: their names).
 */
export function ghostExport(
  posts: readonly BlogPostRow[],
  shape: SiteShape,
  subscribers: readonly ExportedSubscriber[],
  siteOrigin: string,
  images: ReadonlySet<string>,
  now = new Date(),
): unknown {
  const tags = new Map<string, string>();
  for (const term of [...exportedCategories(shape, posts), ...exportedTags(shape, posts)])
    if (!tags.has(term.slug)) tags.set(term.slug, term.label);
  const slugs = [...tags.keys()];
  const tagId = (slug: string) => `tag-${slugs.indexOf(slug) + 1}`;
  /** A post's tags in Ghost's order: its category (the primary tag), then its own. */
  const tagSlugsOf = (post: BlogPostRow) => [
    ...new Set([post.category, ...(shape.tagsOf.get(post.id) ?? []).map((tag) => tag.slug)]),
  ];
  const html = (content: string, format: string) =>
    replaceUploadUrls(
      renderContentHtml(content, format as ContentFormat, { siteOrigin, absoluteUrls: true }),
      siteOrigin,
      images,
      ghostImagePath,
    );
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
          posts: [
            ...posts.map((post) => ({
              id: post.id,
              title: post.title,
              slug: post.slug,
              html: html(post.content, post.contentFormat),
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
            ...shape.pages.map((page) => ({
              id: page.id,
              title: page.title,
              slug: page.slug,
              html: html(page.content, page.contentFormat),
              feature_image: null,
              custom_excerpt: null,
              meta_description: page.metaDescription || null,
              type: 'page',
              status: GHOST_STATUS[page.status] ?? 'draft',
              visibility: 'public',
              created_at: page.publishedAt,
              updated_at: page.updatedAt,
              published_at: page.status === 'draft' ? null : page.publishedAt,
            })),
          ],
          tags: [...tags].map(([slug, name]) => ({ id: tagId(slug), name, slug })),
          posts_tags: posts.flatMap((post) =>
            tagSlugsOf(post).map((slug, order) => ({
              id: `${post.id}-${order}`,
              post_id: post.id,
              tag_id: tagId(slug),
              sort_order: order,
            })),
          ),
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

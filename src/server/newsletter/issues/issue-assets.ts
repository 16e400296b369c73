import { UPLOADED_OBJECT_PREFIX, type ResponsiveImageData } from '../../../domain/images.js';
import { blogPostPath } from '../../../domain/content-links.js';
import { featuredPostSlugs } from '../../../domain/newsletter-issues.js';
import type { AppDatabase } from '../../db/connection.js';
import { loadResponsiveImages } from '../../content/images/responsive-images.js';
import type { FeaturedPostCard } from '../../content/rendering/render-content.js';

/** What an issue's body is drawn with: the uploads' sizes and variants, and the posts it features. */
export type IssueAssets = {
  images: ReadonlyMap<string, ResponsiveImageData>;
  postCards: ReadonlyMap<string, FeaturedPostCard>;
};

/**
 * The assets of a body: every processed upload, and each featured post (`[[post:<slug>]]`) that is published now,
 * as it is now (a post unpublished since is left out of the email, not linked to nowhere).
 */
export async function loadIssueAssets(db: AppDatabase, body: string): Promise<IssueAssets> {
  const images = await loadResponsiveImages(db);
  const slugs = featuredPostSlugs(body);
  const posts =
    slugs.length === 0
      ? []
      : await db
          .selectFrom('blogPosts')
          .select(['slug', 'title', 'summary', 'coverImage'])
          .where('status', '=', 'published')
          .where('slug', 'in', slugs)
          .execute();
  const postCards = new Map(
    posts.map((post) => {
      const image = post.coverImage.startsWith(UPLOADED_OBJECT_PREFIX)
        ? images.get(post.coverImage.slice(UPLOADED_OBJECT_PREFIX.length))
        : undefined;
      const card: FeaturedPostCard = {
        title: post.title,
        summary: post.summary,
        path: blogPostPath(post),
        coverImage: post.coverImage,
        ...(image ? { image } : {}),
      };
      return [post.slug, card] as const;
    }),
  );
  return { images, postCards };
}

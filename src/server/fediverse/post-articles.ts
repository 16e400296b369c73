import type { Context } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { Article, Hashtag, Image, PUBLIC_COLLECTION } from '@fedify/vocab';
import { blogPostPath } from '../../domain/content-links.js';
import { findBlogPost } from '../content/blog/blog-posts-repository.js';
import { forReaders } from '../content/blog/published-posts.js';
import { tagsOfPosts } from '../content/blog/blog-tags-repository.js';
import type { AppDatabase } from '../db/connection.js';
import { ACTOR_IDENTIFIER } from './actor-identity.js';

/**
 * A published post as an ActivityPub `Article`: its title, summary, rendered content, cover image and tags (as
 * hashtags), addressed to the public and the followers; its `url` the post's page. Undefined for a post that is not
 * published (a draft, a scheduled or unpublished post).
 */
export async function articleOfPost(ctx: Context<void>, db: AppDatabase, postId: string): Promise<Article | undefined> {
  const stored = await findBlogPost(db, postId);
  if (!stored || stored.status !== 'published') return undefined;
  const [post] = await forReaders(db, [stored], ctx.origin);
  const tags = (await tagsOfPosts(db, [postId])).get(postId) ?? [];
  const cover = post!.coverImage ? new URL(post!.coverImage, ctx.origin) : null;
  return new Article({
    id: ctx.getObjectUri(Article, { id: postId }),
    attribution: ctx.getActorUri(ACTOR_IDENTIFIER),
    name: post!.title,
    summary: post!.summary,
    content: post!.contentHtml,
    mediaType: 'text/html',
    url: new URL(blogPostPath(post!), ctx.origin),
    published: Temporal.Instant.from(post!.publishedAt.toISOString()),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(ACTOR_IDENTIFIER),
    ...(cover ? { image: new Image({ url: cover }) } : {}),
    tags: tags.map(
      (tag) =>
        new Hashtag({ href: new URL(`/blog?tag=${encodeURIComponent(tag.slug)}`, ctx.origin), name: `#${tag.slug}` }),
    ),
  });
}

import { Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { RouterOutputs } from '../trpc.js';
import { CategoryBadge } from '../ui/badges.js';
import { formatShortDate, isoDate } from '../../domain/date-format.js';
import { ArrowRightIcon } from '../ui/icons.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import { TagChips } from './TagChips.js';
import ui from '../ui/ui.module.css';

type PostCardData = RouterOutputs['blog']['cards']['items'][number];

/**
 * A published post as a card (Home's announcements, the blog list): cover, category and date,
 * title, summary, its tags (links to their pages) and a "Read" link to the post. A post without a cover is a text card (its title larger).
 */
export function PostCard({
  post,
  headingOrder,
  clampSummary = false,
}: {
  post: PostCardData;
  /** The card title's level under the section's heading. */
  headingOrder: 2 | 3;
  /** Cut the summary at three lines (cards side by side keep one height). */
  clampSummary?: boolean;
}) {
  return (
    <li className={post.coverImage ? ui.card : `${ui.card} ${ui.textCard}`}>
      {post.coverImage && (
        <ResponsiveImage
          className={ui.cardCover}
          src={post.coverImage}
          image={post.image}
          alt=""
          sizes="(max-width: 47.99em) 100vw, 24rem"
          width={1200}
          height={630}
          lazy
        />
      )}
      <div className={ui.cardBody}>
        <div className={ui.meta}>
          <CategoryBadge post={post} />
          <time dateTime={isoDate(post.publishedAt)}>{formatShortDate(post.publishedAt)}</time>
        </div>
        <Title order={headingOrder} className={ui.cardTitle}>
          {post.title}
        </Title>
        <p className={clampSummary ? `${ui.cardText} ${ui.cardTextClamped}` : ui.cardText}>{post.summary}</p>
        <TagChips tags={post.tags} label={`Tags of ${post.title}`} />
        <Link to="/blog/$slug" params={{ slug: post.slug }} className={`${ui.textLink} ${ui.cardAction}`}>
          Read <span className="visually-hidden">{post.title}</span> <ArrowRightIcon size={16} />
        </Link>
      </div>
    </li>
  );
}

import { Button, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { RouterOutputs } from '../trpc.js';
import { CategoryBadge } from '../ui/badges.js';
import { formatLongDate, isoDate } from '../../domain/date-format.js';
import { ArrowLeftIcon, ArrowRightIcon, MailIcon } from '../ui/icons.js';
import { NEWSLETTER_SECTION_ID } from '../ui/newsletter.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import { TagChips } from './TagChips.js';
import ui from '../ui/ui.module.css';
import reading from '../pages/reading.module.css';

type Post = RouterOutputs['blog']['bySlug'];

/** A blog post as readers see it: on its page, and (for the admin) as a preview of a draft or a scheduled post. */
export function BlogPostArticle({ post }: { post: Post }) {
  return (
    <article className={reading.article}>
      <header className={reading.header}>
        <div className={ui.narrow}>
          <Link to="/blog" className={ui.textLink}>
            <ArrowLeftIcon size={16} /> Back to Blog
          </Link>
          <div className={`${ui.meta} ${reading.postMeta}`}>
            <CategoryBadge post={post} />
            <time dateTime={isoDate(post.publishedAt)}>{formatLongDate(post.publishedAt)}</time>
          </div>
          <Title order={1} className={reading.title}>
            {post.title}
          </Title>
          <p className={reading.summary}>{post.summary}</p>
          <TagChips tags={post.tags} />
        </div>
      </header>

      {post.coverImage && (
        <div className={ui.narrow}>
          <ResponsiveImage
            className={reading.cover}
            src={post.coverImage}
            image={post.image}
            alt=""
            sizes="(max-width: 48rem) 100vw, 44rem"
            width={1200}
            height={630}
            priority
          />
        </div>
      )}

      {/* Rendered on the server from the post's Markdown: raw HTML is never passed through, links are checked. */}
      <div
        className={`${ui.narrow} ${reading.body} ${reading.prose} ${reading.dropCap}`}
        dangerouslySetInnerHTML={{ __html: post.contentHtml }}
      />

      <footer className={ui.narrow}>
        {(post.previous || post.next) && (
          <nav aria-label="Previous and next posts">
            <ul className={reading.neighbours}>
              <li>
                {post.previous && (
                  <Link to="/blog/$slug" params={{ slug: post.previous.slug }} className={reading.neighbour}>
                    <span className={reading.neighbourLabel}>
                      <ArrowLeftIcon size={14} /> Previous post
                    </span>
                    <span className={reading.neighbourTitle}>{post.previous.title}</span>
                  </Link>
                )}
              </li>
              <li>
                {post.next && (
                  <Link
                    to="/blog/$slug"
                    params={{ slug: post.next.slug }}
                    className={`${reading.neighbour} ${reading.neighbourNext}`}
                  >
                    <span className={reading.neighbourLabel}>
                      Next post <ArrowRightIcon size={14} />
                    </span>
                    <span className={reading.neighbourTitle}>{post.next.title}</span>
                  </Link>
                )}
              </li>
            </ul>
          </nav>
        )}
        <nav aria-label="More from the blog" className={reading.footerNav}>
          <Button component={Link} to="/blog" leftSection={<ArrowLeftIcon size={16} />}>
            More Posts
          </Button>
          <Button
            component={Link}
            to="/"
            hash={NEWSLETTER_SECTION_ID}
            variant="outline"
            color="gray"
            className={reading.ghost}
            leftSection={<MailIcon size={16} />}
          >
            Subscribe to Newsletter
          </Button>
        </nav>
      </footer>
    </article>
  );
}

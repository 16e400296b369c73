import { Button, Title } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { trpc } from '../trpc.js';
import { CategoryBadge } from '../ui/badges.js';
import { formatLongDate, isoDate } from '../ui/format-date.js';
import { ArrowLeftIcon, MailIcon } from '../ui/icons.js';
import { NEWSLETTER_SECTION_ID } from '../ui/newsletter.js';
import { splitParagraphs } from '../ui/paragraphs.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import reading from './reading.module.css';
import type { PagePrefetch } from './prefetch.js';
import { ReadingNotFound } from './ReadingNotFound.js';
import { ReadingSkeleton } from './ReadingSkeleton.js';

export const prefetch: PagePrefetch = (utils, params) =>
  params.id ? utils.blog.byId.ensureData({ id: params.id }).catch(() => undefined) : Promise.resolve();

const blogPostRoute = getRouteApi('/site/blog/$id');

export default function BlogPostPage() {
  const { id } = blogPostRoute.useParams();
  const post = trpc.blog.byId.useQuery({ id });

  // A newly opened post starts at the top of the page.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [id]);

  if (post.isPending) return <ReadingSkeleton label="Loading post" withCover />;
  if (!post.data) {
    return (
      <ReadingNotFound
        title="Blog Post Not Found"
        text="The blog post you're looking for doesn't exist or has been removed."
        back={{ to: '/blog', label: 'Back to Blog' }}
      />
    );
  }

  const data = post.data;
  return (
    <article className={reading.article}>
      <header className={reading.header}>
        <div className={ui.narrow}>
          <Link to="/blog" className={ui.textLink}>
            <ArrowLeftIcon size={16} /> Back to Blog
          </Link>
          <div className={`${ui.meta} ${reading.postMeta}`}>
            <CategoryBadge category={data.category} />
            <time dateTime={isoDate(data.publishedAt)}>{formatLongDate(data.publishedAt)}</time>
          </div>
          <Title order={1} className={reading.title}>
            {data.title}
          </Title>
          <p className={reading.summary}>{data.summary}</p>
        </div>
      </header>

      <div className={ui.narrow}>
        <ResponsiveImage
          className={reading.cover}
          src={data.coverImage}
          image={data.image}
          alt=""
          sizes="(max-width: 48rem) 100vw, 44rem"
          width={1200}
          height={630}
          priority
        />
      </div>

      <div className={`${ui.narrow} ${reading.body}`}>
        {splitParagraphs(data.content).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>

      <footer className={ui.narrow}>
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

import { Button, Title } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { trpc } from '../trpc.js';
import { CategoryBadge } from '../ui/badges.js';
import { formatLongDate, isoDate } from '../ui/format-date.js';
import { ArrowLeftIcon, MailIcon } from '../ui/icons.js';
import { NEWSLETTER_SECTION_ID } from '../ui/newsletter.js';
import { splitParagraphs } from '../ui/paragraphs.js';
import { StateMessage } from '../ui/StateMessage.js';
import ui from '../ui/ui.module.css';
import reading from './reading.module.css';
import type { PagePrefetch } from './prefetch.js';
import { ReadingSkeleton } from './ReadingSkeleton.js';

export const prefetch: PagePrefetch = (utils, params) =>
  params.id ? utils.blog.byId.ensureData({ id: params.id }).catch(() => undefined) : Promise.resolve();

export default function BlogPostPage({ id: idProp }: { id?: string }) {
  const params = useParams({ strict: false }) as { id?: string };
  const id = idProp ?? params.id ?? '';
  const post = trpc.blog.byId.useQuery({ id }, { enabled: id !== '' });

  // Section 2: a new post starts at the top of the page.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [id]);

  if (id !== '' && post.isPending) return <ReadingSkeleton label="Loading post" withCover />;
  if (!post.data) {
    return (
      <div className={`${ui.narrow} ${reading.notFound}`}>
        <StateMessage
          title="Blog Post Not Found"
          text="The blog post you're looking for doesn't exist or has been removed."
          level={1}
        >
          <Button component={Link} to="/blog" leftSection={<ArrowLeftIcon size={16} />}>
            Back to Blog
          </Button>
        </StateMessage>
      </div>
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
        <img className={reading.cover} src={data.coverImage} alt="" width={1200} height={630} />
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

import { Button, Title } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { trpc } from '../trpc.js';
import { SpoilerBadge } from '../ui/badges.js';
import { ArrowLeftIcon, ClockIcon } from '../ui/icons.js';
import ui from '../ui/ui.module.css';
import reading from './reading.module.css';
import type { PagePrefetch } from './prefetch.js';
import { ReadingNotFound } from './ReadingNotFound.js';
import { ReadingSkeleton } from './ReadingSkeleton.js';

export const prefetch: PagePrefetch = (utils, params) =>
  Promise.all([
    params.id ? utils.excerpts.byId.ensureData({ id: params.id }).catch(() => undefined) : undefined,
    utils.books.list.ensureData().catch(() => undefined),
  ]);

const excerptRoute = getRouteApi('/site/excerpts/$id');

export default function ExcerptPage() {
  const { id } = excerptRoute.useParams();
  const excerpt = trpc.excerpts.byId.useQuery({ id });
  const books = trpc.books.list.useQuery();

  if (excerpt.isPending) return <ReadingSkeleton label="Loading excerpt" />;
  if (!excerpt.data) {
    return (
      <ReadingNotFound
        title="Excerpt Not Found"
        text="The excerpt you're looking for doesn't exist or has been removed."
        back={{ to: '/excerpts', label: 'Back to Excerpts' }}
      />
    );
  }

  const data = excerpt.data;
  const book = books.data?.find((candidate) => candidate.id === data.bookId);
  return (
    <article className={reading.article}>
      <header className={reading.header}>
        <div className={ui.narrow}>
          <Link to="/excerpts" className={ui.textLink}>
            <ArrowLeftIcon size={16} /> Back to Excerpts
          </Link>
          <p className={reading.kicker}>{book ? `From ${book.title}` : 'Excerpt'}</p>
          <Title order={1} className={reading.title}>
            {data.title}
          </Title>
          <p className={reading.summary}>{data.description}</p>
          <div className={ui.meta}>
            <span className={ui.metaItem}>
              <ClockIcon size={16} />
              {data.readTime}
            </span>
            <SpoilerBadge level={data.spoilerLevel} />
          </div>
        </div>
      </header>

      <div className={`${ui.narrow} ${reading.body}`}>
        {/* Rendered on the server from the excerpt's Markdown: raw HTML is never passed through. */}
        <div className={`${reading.prose} ${reading.dropCap}`} dangerouslySetInnerHTML={{ __html: data.contentHtml }} />
        <p className={reading.fin} aria-hidden="true">
          ✦
        </p>
      </div>

      <footer className={ui.narrow}>
        <nav aria-label="More to read" className={reading.footerNav}>
          <Button component={Link} to="/excerpts" leftSection={<ArrowLeftIcon size={16} />}>
            More Excerpts
          </Button>
          <Button component={Link} to="/books" variant="outline" color="gray" className={reading.ghost}>
            View All Books
          </Button>
        </nav>
      </footer>
    </article>
  );
}

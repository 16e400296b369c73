import { Button, Title } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { BuyActions } from '../books/BuyMenu.js';
import { Comments } from '../comments/Comments.js';
import { trpc } from '../trpc.js';
import { SpoilerBadge } from '../ui/badges.js';
import { ArrowLeftIcon, ClockIcon } from '../ui/icons.js';
import ui from '../ui/ui.module.css';
import reading from './reading.module.css';
import type { PagePrefetch } from './prefetch.js';
import { ReadingNotFound } from './ReadingNotFound.js';
import { ReadingSkeleton } from './ReadingSkeleton.js';

export const prefetch: PagePrefetch = async (utils, params) => {
  if (!params.slug) return;
  const [excerpt] = await Promise.all([
    utils.excerpts.bySlug.ensureData({ slug: params.slug }).catch(() => undefined),
    utils.books.list.ensureData().catch(() => undefined),
  ]);
  // The comments are read by the excerpt's id, known once the excerpt is.
  if (excerpt)
    await utils.comments.thread.ensureData({ targetKind: 'excerpt', targetId: excerpt.id }).catch(() => undefined);
};

const excerptRoute = getRouteApi('/site/excerpts/$slug');

export default function ExcerptPage() {
  const { slug } = excerptRoute.useParams();
  const excerpt = trpc.excerpts.bySlug.useQuery({ slug });
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
  const majorSpoilers = data.spoilerLevel === 'major';
  const text = (
    <div className={`${reading.prose} ${reading.dropCap}`} dangerouslySetInnerHTML={{ __html: data.contentHtml }} />
  );
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
          {/* A major-spoiler excerpt's summary gives away the plot too: it waits behind the question below. */}
          {!majorSpoilers && <p className={reading.summary}>{data.description}</p>}
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
        {majorSpoilers ? (
          // Asked first, without the script too: a <details> the reader opens.
          <details className={reading.spoilerGate}>
            <summary>
              <span className={reading.spoilerQuestion}>
                This excerpt has major spoilers{book ? ` for ${book.title}` : ''}: it gives away what happens. Best read
                after finishing the book.
              </span>
              <span className={reading.spoilerOpen}>Read it anyway</span>
            </summary>
            {/* Its summary gives away the plot too: shown with the text, once the reader chose to read on. */}
            <p className={reading.summary}>{data.description}</p>
            {text}
          </details>
        ) : (
          text
        )}
        <p className={reading.fin} aria-hidden="true">
          ✦
        </p>
      </div>

      <footer className={ui.narrow}>
        {book && (
          <section className={reading.buyBook} aria-labelledby="buy-book-title">
            <p id="buy-book-title" className={reading.buyTitle}>
              {book.status === 'published' ? 'Read the whole book' : 'Be first to read the whole book'}:{' '}
              <Link to="/books/$slug" params={{ slug: book.slug }}>
                {book.title}
              </Link>
            </p>
            <div className={reading.buyActions}>
              <BuyActions book={book} />
            </div>
          </section>
        )}
        <nav aria-label="More to read" className={reading.footerNav}>
          <Button component={Link} to="/excerpts" leftSection={<ArrowLeftIcon size={16} />}>
            More Excerpts
          </Button>
          <Button component={Link} to="/books" variant="outline" color="gray" className={reading.ghost}>
            View All Books
          </Button>
        </nav>
      </footer>
      <Comments target={{ kind: 'excerpt', id: data.id, path: `/excerpts/${data.slug}` }} />
    </article>
  );
}

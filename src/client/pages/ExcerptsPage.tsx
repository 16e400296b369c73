import { excerptsAnchor } from '../books/book-links.js';
import { Button, Skeleton, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EARLY_ACCESS_COPY, SERIES_NAME } from '../content/site.js';
import { trpc } from '../trpc.js';
import { SpoilerBadge } from '../ui/badges.js';
import { ClockIcon, FlameIcon } from '../ui/icons.js';
import { useGoToNewsletter } from '../ui/newsletter.js';
import { PageHeader } from '../ui/PageHeader.js';
import { StateMessage } from '../ui/StateMessage.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import { groupExcerptsByBook } from './excerpt-groups.js';
import classes from './ExcerptsPage.module.css';
import type { PagePrefetch } from './prefetch.js';

export const prefetch: PagePrefetch = (utils) =>
  Promise.all([
    utils.books.list.ensureData().catch(() => undefined),
    utils.excerpts.cards.ensureData().catch(() => undefined),
  ]);

export default function ExcerptsPage() {
  const books = trpc.books.list.useQuery();
  const excerpts = trpc.excerpts.cards.useQuery();
  const loading = books.isPending || excerpts.isPending;
  // No error state here; a failed list simply shows no excerpts.
  const groups = groupExcerptsByBook(books.data ?? [], excerpts.data ?? []);

  return (
    <>
      <PageHeader
        eyebrow={SERIES_NAME}
        title="Excerpts"
        lede="Step inside before you commit. Each excerpt is marked with how much it gives away, so read in order if you would rather be surprised."
      />
      <div className={ui.container}>
        {loading ? (
          <ExcerptsSkeleton />
        ) : groups.length === 0 ? (
          <StateMessage title="No excerpts yet" text="The first pages are still being chosen. Check back soon." />
        ) : (
          <div className={classes.groups}>
            {groups.map(({ book, excerpts: list }) => (
              <section
                key={book.id}
                id={excerptsAnchor(book.slug)}
                className={classes.group}
                aria-labelledby={`book-${book.id}`}
              >
                <div className={classes.bookColumn}>
                  <ResponsiveImage
                    className={classes.bookCover}
                    src={book.coverImage}
                    image={book.image}
                    alt=""
                    sizes="(max-width: 47.99em) 4.5rem, 15rem"
                    width={600}
                    height={900}
                    lazy
                  />
                  <div>
                    <p className={classes.bookEyebrow}>Excerpts from</p>
                    <Title order={2} id={`book-${book.id}`} className={classes.bookTitle}>
                      {book.title}
                    </Title>
                    <p className={classes.count}>
                      {list.length} {list.length === 1 ? 'excerpt' : 'excerpts'}
                    </p>
                  </div>
                </div>
                <ul className={classes.list}>
                  {list.map((excerpt) => (
                    <li key={excerpt.id} className={`${ui.card} ${classes.item}`}>
                      <div className={classes.itemText}>
                        <Title order={3} className={ui.cardTitle}>
                          {excerpt.title}
                        </Title>
                        {excerpt.spoilerLevel === 'major' ? (
                          <>
                            <p className={ui.cardText}>Read this one after finishing the book.</p>
                            {/* Its summary gives away the plot: behind the same warning, opened only on request. */}
                            <details className={classes.spoilerDescription}>
                              <summary>Show the description anyway</summary>
                              <p className={ui.cardText}>{excerpt.description}</p>
                            </details>
                          </>
                        ) : (
                          <p className={ui.cardText}>{excerpt.description}</p>
                        )}
                        <div className={ui.meta}>
                          <span className={ui.metaItem}>
                            <ClockIcon size={16} />
                            {excerpt.readTime}
                          </span>
                          <SpoilerBadge level={excerpt.spoilerLevel} />
                        </div>
                      </div>
                      <Button
                        renderRoot={(props) => <Link to="/excerpts/$slug" params={{ slug: excerpt.slug }} {...props} />}
                        className={classes.readButton}
                        aria-label={`Read ${excerpt.title}`}
                      >
                        Read
                      </Button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        <EarlyAccessCard />
      </div>
    </>
  );
}

function EarlyAccessCard() {
  const goToNewsletter = useGoToNewsletter();
  return (
    <aside className={classes.earlyAccess} aria-labelledby="early-access-title">
      <FlameIcon size={32} className={classes.earlyIcon} />
      <div className={classes.earlyText}>
        <Title order={2} id="early-access-title" className={classes.earlyTitle}>
          {EARLY_ACCESS_COPY.title}
        </Title>
        <p className={classes.earlyBody}>{EARLY_ACCESS_COPY.text}</p>
      </div>
      <Button size="md" onClick={goToNewsletter} className={classes.earlyButton}>
        Subscribe for First-Reads
      </Button>
    </aside>
  );
}

function ExcerptsSkeleton() {
  return (
    <div className={classes.groups} aria-busy="true" aria-label="Loading excerpts">
      {[0, 1].map((group) => (
        <div key={group} className={classes.group}>
          <div className={classes.bookColumn}>
            <Skeleton className={classes.bookCover} style={{ aspectRatio: '2 / 3' }} />
            <div style={{ flex: 1 }}>
              <Skeleton height={12} width="50%" mb="sm" />
              <Skeleton height={24} width="80%" />
            </div>
          </div>
          <div className={classes.list}>
            {[0, 1].map((item) => (
              <div key={item} className={ui.skeletonCard} style={{ padding: '1.25rem' }}>
                <Skeleton height={22} width="50%" mb="md" />
                <Skeleton height={14} mb={8} />
                <Skeleton height={14} width="70%" mb="md" />
                <Skeleton height={20} width="30%" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

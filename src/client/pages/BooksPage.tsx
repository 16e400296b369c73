import { Badge, Button, Skeleton, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BOOK_STATUS_LABELS } from '../../domain/books.js';
import { seriesNumberLabel } from '../../domain/series.js';
import { excerptsAnchor } from '../books/book-links.js';
import { BuyActions } from '../books/BuyMenu.js';
import { seriesNotes } from '../books/series-notes.js';
import { READING_ORDER_NOTE, SERIES_NAME } from '../content/site.js';
import { trpc, type RouterOutputs } from '../trpc.js';
import { BookIcon } from '../ui/icons.js';
import { PageHeader } from '../ui/PageHeader.js';
import { splitParagraphs } from '../ui/paragraphs.js';
import { StateMessage } from '../ui/StateMessage.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import classes from './BooksPage.module.css';
import type { PagePrefetch } from './prefetch.js';

export const prefetch: PagePrefetch = (utils) =>
  Promise.all([
    utils.books.list.ensureData().catch(() => undefined),
    utils.series.list.ensureData().catch(() => undefined),
    utils.excerpts.cards.ensureData().catch(() => undefined),
  ]);

type Book = RouterOutputs['books']['list'][number];
type Series = RouterOutputs['series']['list'][number];

export default function BooksPage() {
  const books = trpc.books.list.useQuery();
  const series = trpc.series.list.useQuery();
  const excerpts = trpc.excerpts.cards.useQuery();
  const booksWithExcerpts = new Set((excerpts.data ?? []).map((excerpt) => excerpt.bookId));
  // The series the books belong to, described and with the reading order as the author wrote them.
  const notes = seriesNotes(books.data ?? [], series.data ?? [], READING_ORDER_NOTE);
  return (
    <>
      <PageHeader
        eyebrow={SERIES_NAME}
        title="The Books"
        lede="Four books, one fire. Follow the Ashwarden from the night the Wake goes dark to the last king it will ever judge."
      />
      <div className={ui.container}>
        {books.isPending ? (
          <div className={classes.grid} aria-busy="true" aria-label="Loading books">
            {[0, 1, 2, 3].map((index) => (
              <BookSkeleton key={index} />
            ))}
          </div>
        ) : books.isError ? (
          <StateMessage
            tone="error"
            title="Error Loading Books"
            text="Failed to load the book collection. Please try again later."
          />
        ) : books.data.length === 0 ? (
          <StateMessage title="No books yet" text="The first book of the series is on its way. Check back soon." />
        ) : (
          <ul className={classes.grid}>
            {books.data.map((book, index) => (
              <BookCard key={book.id} book={book} priority={index === 0} hasExcerpts={booksWithExcerpts.has(book.id)} />
            ))}
          </ul>
        )}

        {notes.length === 0 ? (
          <aside className={classes.note} aria-label="Reading order">
            <BookIcon size={22} className={classes.noteIcon} />
            <p className={classes.noteText}>{READING_ORDER_NOTE}</p>
          </aside>
        ) : (
          notes.map((entry) => <SeriesNote key={entry.id} series={entry} />)
        )}
      </div>
    </>
  );
}

/** The footer note of one series: its name, its description and its reading-order note. */
function SeriesNote({ series }: { series: Series }) {
  const nameId = `series-note-${series.id}`;
  return (
    <aside className={classes.note} aria-labelledby={nameId}>
      <BookIcon size={22} className={classes.noteIcon} />
      <div className={classes.noteBody}>
        <p id={nameId} className={classes.noteName}>
          {series.name}
        </p>
        {splitParagraphs(series.description).map((paragraph, index) => (
          <p key={index} className={classes.noteDescription}>
            {paragraph}
          </p>
        ))}
        {series.readingOrderNote && <p className={classes.noteText}>{series.readingOrderNote}</p>}
      </div>
    </aside>
  );
}

function BookCard({ book, priority, hasExcerpts }: { book: Book; priority: boolean; hasExcerpts: boolean }) {
  return (
    <li className={`${ui.card} ${classes.card}`}>
      <div className={classes.coverFrame}>
        <ResponsiveImage
          className={classes.cover}
          src={book.coverImage}
          image={book.image}
          alt={`Cover of ${book.title}`}
          sizes="(max-width: 47.99em) 15rem, 18rem"
          width={600}
          height={900}
          priority={priority}
          lazy
        />
        <Badge className={classes.status} variant="filled" color="dark" size="md">
          {BOOK_STATUS_LABELS[book.status]}
        </Badge>
      </div>
      <div className={ui.cardBody}>
        <p className={classes.bookNumber}>{seriesNumberLabel(book.seriesNumber) ?? 'Standalone'}</p>
        <Title order={2} className={classes.title}>
          <Link to="/books/$slug" params={{ slug: book.slug }} className={classes.titleLink}>
            {book.title}
          </Link>
        </Title>
        <p className={`${ui.cardText} ${classes.description}`}>{book.description}</p>
        <div className={classes.actions}>
          {hasExcerpts && (
            <Button
              component={Link}
              to="/excerpts"
              hash={excerptsAnchor(book.slug)}
              variant="outline"
              color="gray"
              className={classes.secondary}
            >
              Read Excerpt
            </Button>
          )}
          <BuyActions book={book} />
        </div>
      </div>
    </li>
  );
}

function BookSkeleton() {
  return (
    <div className={ui.skeletonCard}>
      <Skeleton radius={0} style={{ aspectRatio: '2 / 3' }} />
      <div style={{ padding: '1.25rem' }}>
        <Skeleton height={12} width="30%" mb="md" />
        <Skeleton height={24} width="80%" mb="md" />
        <Skeleton height={14} mb={8} />
        <Skeleton height={14} mb={8} />
        <Skeleton height={14} width="60%" mb="lg" />
        <Skeleton height={40} />
      </div>
    </div>
  );
}

import { Button, Skeleton } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { formatCalendarDay } from '../../domain/date-format.js';
import { EDITION_FORMAT_LABELS } from '../../domain/editions.js';
import { displayIsbn } from '../../domain/isbn.js';
import { seriesNumberLabel } from '../../domain/series.js';
import { EDITIONS_ANCHOR } from '../books/book-links.js';
import { nextInSeries } from '../books/next-in-series.js';
import { ShopIcon } from '../books/ShopIcon.js';
import { trpc, type RouterOutputs } from '../trpc.js';
import { SpoilerBadge } from '../ui/badges.js';
import { ArrowRightIcon, BookIcon, ClockIcon } from '../ui/icons.js';
import { splitParagraphs } from '../ui/paragraphs.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import classes from './BookPage.module.css';
import type { PagePrefetch } from './prefetch.js';
import { ReadingNotFound } from './ReadingNotFound.js';
import { BookHero } from './BookHero.js';

export const prefetch: PagePrefetch = (utils, params) =>
  Promise.all([
    params.slug ? utils.books.bySlug.ensureData({ slug: params.slug }).catch(() => undefined) : undefined,
    utils.books.list.ensureData().catch(() => undefined),
    utils.excerpts.cards.ensureData().catch(() => undefined),
    utils.art.list.ensureData().catch(() => undefined),
  ]);

type Book = RouterOutputs['books']['bySlug'];
type Excerpt = RouterOutputs['excerpts']['cards'][number];

const bookRoute = getRouteApi('/site/books/$slug');

export default function BookPage() {
  const { slug } = bookRoute.useParams();
  const book = trpc.books.bySlug.useQuery({ slug });
  const books = trpc.books.list.useQuery();
  const excerpts = trpc.excerpts.cards.useQuery();
  const art = trpc.art.list.useQuery();

  if (book.isPending) return <BookSkeleton />;
  if (!book.data) {
    return (
      <ReadingNotFound
        title="Book Not Found"
        text="The book you're looking for doesn't exist or has been removed."
        back={{ to: '/books', label: 'Back to Books' }}
      />
    );
  }
  const data = book.data;
  const next = nextInSeries(data, books.data ?? []);
  // In the author's reading order, opening pages first.
  const own = (excerpts.data ?? [])
    .filter((excerpt) => excerpt.bookId === data.id)
    .sort((a, b) => a.position - b.position);
  const relatedArt = (art.data ?? []).filter((piece) => piece.bookId === data.id);

  return (
    <article className={classes.page}>
      <BookHero book={data} />

      <div className={`${ui.container} ${classes.sections}`}>
        {data.editions.length > 0 && <Editions book={data} />}
        {own.length > 0 && <Excerpts excerpts={own} />}
        {relatedArt.length > 0 && <RelatedArt pieces={relatedArt} />}
        {data.series && (data.series.description || data.series.readingOrderNote) && (
          <AboutSeries series={data.series} />
        )}
        {next && <NextInSeries next={next} />}
      </div>
    </article>
  );
}

/** The book that follows this one in its series: a link with its cover, number and title. */
function NextInSeries({ next }: { next: RouterOutputs['books']['list'][number] }) {
  return (
    <section aria-labelledby="next-title" className={classes.section}>
      <h2 id="next-title" className={classes.sectionTitle}>
        Next in the series
      </h2>
      <Link to="/books/$slug" params={{ slug: next.slug }} className={classes.next}>
        <ResponsiveImage
          src={next.coverImage}
          image={next.image}
          alt=""
          sizes="4rem"
          width={96}
          height={144}
          className={classes.nextCover}
          lazy
        />
        <span>
          <span className={classes.kicker}>{seriesNumberLabel(next.seriesNumber)}</span>
          <span className={classes.nextTitle}>{next.title}</span>
        </span>
        <ArrowRightIcon size={20} />
      </Link>
    </section>
  );
}

/** The series the book belongs to: what it is about and in what order to read it. */
function AboutSeries({ series }: { series: NonNullable<Book['series']> }) {
  return (
    <section aria-labelledby="series-title" className={classes.section}>
      <h2 id="series-title" className={classes.sectionTitle}>
        About {series.name}
      </h2>
      {series.description && (
        <div className={classes.seriesText}>
          {splitParagraphs(series.description).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      )}
      {series.readingOrderNote && (
        // A note, not a landmark: the section around it is one already.
        <div role="note" className={classes.readingOrder} aria-label="Reading order">
          <BookIcon size={20} className={classes.readingOrderIcon} />
          <p>{series.readingOrderNote}</p>
        </div>
      )}
    </section>
  );
}

function Editions({ book }: { book: Book }) {
  return (
    <section id={EDITIONS_ANCHOR} aria-labelledby="editions-title" className={classes.section}>
      <h2 id="editions-title" className={classes.sectionTitle}>
        Editions
      </h2>
      <ul className={classes.editions}>
        {book.editions.map((edition, index) => (
          <li key={edition.isbn ?? index} className={classes.edition}>
            <div className={classes.editionHead}>
              <h3 className={classes.editionFormat}>{EDITION_FORMAT_LABELS[edition.format]}</h3>
              {edition.price && <span className={classes.price}>{edition.price}</span>}
            </div>
            <dl className={classes.facts}>
              {edition.isbn && (
                <>
                  <dt>ISBN</dt>
                  <dd>{displayIsbn(edition.isbn)}</dd>
                </>
              )}
              {edition.pageCount !== null && (
                <>
                  <dt>Pages</dt>
                  <dd>{edition.pageCount}</dd>
                </>
              )}
              {edition.audioLength && (
                <>
                  <dt>Length</dt>
                  <dd>{edition.audioLength}</dd>
                </>
              )}
              {edition.releaseDate && (
                <>
                  <dt>Release date</dt>
                  <dd>
                    <time dateTime={edition.releaseDate}>{formatCalendarDay(edition.releaseDate)}</time>
                  </dd>
                </>
              )}
            </dl>
            {edition.links.length > 0 && (
              <ul className={classes.shops} aria-label={`Shops for the ${EDITION_FORMAT_LABELS[edition.format]}`}>
                {edition.links.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer" className={classes.shop}>
                      <ShopIcon url={link.url} size={18} />
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Excerpts({ excerpts }: { excerpts: Excerpt[] }) {
  return (
    <section aria-labelledby="excerpts-title" className={classes.section}>
      <h2 id="excerpts-title" className={classes.sectionTitle}>
        Excerpts
      </h2>
      <ol className={classes.excerpts}>
        {excerpts.map((excerpt, index) => (
          <li key={excerpt.id} className={classes.excerpt}>
            <span className={classes.kicker}>
              Excerpt {index + 1} of {excerpts.length}
            </span>
            <Link to="/excerpts/$slug" params={{ slug: excerpt.slug }} className={classes.excerptTitle}>
              {excerpt.title}
            </Link>
            <div className={ui.meta}>
              <span className={ui.metaItem}>
                <ClockIcon size={16} />
                {excerpt.readTime}
              </span>
              <SpoilerBadge level={excerpt.spoilerLevel} />
            </div>
            {/* A major-spoiler excerpt's summary gives away the plot: behind the same warning, opened on request. */}
            {excerpt.spoilerLevel === 'major' ? (
              <>
                <p className={classes.excerptText}>Read this one after finishing the book.</p>
                <details className={classes.spoilerDescription}>
                  <summary>Show the description anyway</summary>
                  <p className={classes.excerptText}>{excerpt.description}</p>
                </details>
              </>
            ) : (
              <p className={classes.excerptText}>{excerpt.description}</p>
            )}
          </li>
        ))}
      </ol>
      <Button component={Link} to="/excerpts" variant="outline" color="gray" className={classes.ghost}>
        All excerpts
      </Button>
    </section>
  );
}

function RelatedArt({ pieces }: { pieces: RouterOutputs['art']['list'] }) {
  return (
    <section aria-labelledby="art-title" className={classes.section}>
      <h2 id="art-title" className={classes.sectionTitle}>
        Art from this book
      </h2>
      <ul className={classes.art}>
        {pieces.map((piece) => (
          <li key={piece.id}>
            <figure className={classes.artFigure}>
              <ResponsiveImage
                src={piece.imageUrl}
                image={piece.image}
                alt={piece.title}
                sizes="(max-width: 35.99em) 100vw, 20rem"
                width={800}
                height={600}
                className={classes.artImage}
                lazy
              />
              <figcaption>
                <span className={classes.artTitle}>{piece.title}</span>
                <span className={classes.artArtist}>{piece.artist}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <Button component={Link} to="/art-music" variant="outline" color="gray" className={classes.ghost}>
        The whole gallery
      </Button>
    </section>
  );
}

/** The book page's loading state, in its own layout: the cover beside the title and the description. */
function BookSkeleton() {
  return (
    <div className={classes.page} aria-busy="true" aria-label="Loading book">
      <div className={`${ui.container} ${classes.hero}`}>
        <div className={classes.coverFrame}>
          <Skeleton radius={0} style={{ aspectRatio: '2 / 3' }} />
        </div>
        <div className={classes.summary}>
          <Skeleton height={14} width={90} />
          <Skeleton height={14} width={160} mt="sm" />
          <Skeleton height={44} width="70%" />
          <Skeleton height={22} width={120} />
          {[0, 1, 2, 3].map((line) => (
            <Skeleton key={line} height={16} width={line === 3 ? '55%' : undefined} />
          ))}
        </div>
      </div>
    </div>
  );
}

import { Badge, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ARC_PATH } from '../../domain/arc.js';
import { BOOK_STATUS_LABELS } from '../../domain/books.js';
import { seriesNumberLabel } from '../../domain/series.js';
import { BuyActions } from '../books/BuyMenu.js';
import type { RouterOutputs } from '../trpc.js';
import { ArrowLeftIcon } from '../ui/icons.js';
import { splitParagraphs } from '../ui/paragraphs.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import classes from './BookPage.module.css';

/** The top of the book page: the cover beside the title, status, price, description and the ways to buy it. */
export function BookHero({ book: data }: { book: RouterOutputs['books']['bySlug'] }) {
  const number = seriesNumberLabel(data.seriesNumber);
  return (
    <div className={`${ui.container} ${classes.hero}`}>
      <div className={classes.coverFrame}>
        <ResponsiveImage
          className={classes.cover}
          src={data.coverImage}
          image={data.image}
          alt={`Cover of ${data.title}`}
          sizes="(max-width: 47.99em) 15rem, 20rem"
          width={600}
          height={900}
          priority
        />
      </div>
      <div className={classes.summary}>
        <Link to="/books" className={ui.textLink}>
          <ArrowLeftIcon size={16} /> All books
        </Link>
        <p className={classes.kicker}>
          {data.series && number ? `${number} of ${data.series.name}` : 'Standalone novel'}
        </p>
        <Title order={1} className={classes.title}>
          {data.title}
        </Title>
        <div className={classes.meta}>
          <Badge variant="outline" color="gray" className={classes.status}>
            {BOOK_STATUS_LABELS[data.status]}
          </Badge>
          {data.price && (
            <span className={classes.price}>{data.editions.length > 1 ? `From ${data.price}` : data.price}</span>
          )}
        </div>
        <div className={classes.description}>
          {splitParagraphs(data.description).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        <div className={classes.actions}>
          <BuyActions book={data} />
        </div>
        {data.status === 'coming-soon' && (
          // A server-rendered page (src/server/arc): a plain link, so it loads whole, with or without script.
          <p>
            <a href={ARC_PATH}>Read it before release: join the ARC team</a>
          </p>
        )}
      </div>
    </div>
  );
}

import { BOOK_STATUS_LABELS } from '../../../domain/books.js';
import type { RouterOutputs } from '../../trpc.js';
import { ResponsiveImage } from '../../ui/ResponsiveImage.js';
import ui from '../../ui/ui.module.css';
import classes from '../PreorderPage.module.css';

/** Beside the form: the chosen (or featured) book's cover, status and price, and what a preorder brings. */
export function PreorderAside({
  featured,
  shownPrice,
}: {
  featured: RouterOutputs['books']['list'][number] | undefined;
  shownPrice: string | null | undefined;
}) {
  return (
    <aside className={classes.aside} aria-label="Selected book">
      {featured ? (
        <>
          <ResponsiveImage
            className={classes.cover}
            src={featured.coverImage}
            image={featured.image}
            alt={`Cover of ${featured.title}`}
            sizes="(max-width: 47.99em) 12rem, 16rem"
            width={600}
            height={900}
          />
          <p className={ui.eyebrow}>{BOOK_STATUS_LABELS[featured.status]}</p>
          <p className={classes.asideTitle}>{featured.title}</p>
          {shownPrice && <p className={classes.asidePrice}>{shownPrice}</p>}
        </>
      ) : (
        <div className={classes.coverPlaceholder} aria-hidden="true" />
      )}
      <ul className={classes.perks}>
        <li>A signed bookplate with every preorder</li>
        <li>A printed map of the southern marshes</li>
        <li>A note from us the moment it is available</li>
        <li>Nothing is charged: you buy it when it is out</li>
      </ul>
    </aside>
  );
}

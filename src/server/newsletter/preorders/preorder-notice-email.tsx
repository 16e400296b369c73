import { Img } from '@react-email/img';
import type { Book, RetailerLink } from '../../../domain/books.schema.js';
import { PREORDER_FORMAT_LABELS, type PreorderFormat } from '../../../domain/submissions.js';
import {
  EmailButton,
  EmailLayout,
  EmailLink,
  FinePrint,
  Paragraph,
  renderEmail,
  type RenderedEmail,
} from '../mail/email-layout.js';
import { emailCoverUrl } from './cover-for-email.js';

export type PreorderNotice = {
  book: Pick<Book, 'id' | 'title' | 'slug' | 'coverImage' | 'editions' | 'retailerLinks'>;
  customerName: string;
  format: PreorderFormat;
  siteOrigin: string;
};

export const preorderNoticeSubject = (title: string) => `${title} is out now`;

/** Where to buy: the shops of the edition asked for; the book's own links only when that edition names none. */
function whereToBuy(book: PreorderNotice['book'], format: PreorderFormat): RetailerLink[] {
  const editionLinks = book.editions.filter((edition) => edition.format === format).flatMap((edition) => edition.links);
  const seen = new Set<string>();
  return (editionLinks.length > 0 ? editionLinks : book.retailerLinks).filter(
    (link) => !seen.has(link.url) && seen.add(link.url),
  );
}

function PreorderNoticeEmail({ book, customerName, format, siteOrigin }: PreorderNotice) {
  const bookUrl = new URL(`/books/${encodeURIComponent(book.slug)}`, siteOrigin).href;
  const coverUrl = emailCoverUrl(book, siteOrigin);
  const shops = whereToBuy(book, format);
  const formatLabel = PREORDER_FORMAT_LABELS[format];
  return (
    <EmailLayout
      preview={`The book you preordered (${formatLabel}) has been published.`}
      heading={`${book.title} is out`}
      footer={
        <FinePrint>
          You receive this one email because you preordered this book at{' '}
          <EmailLink href={new URL('/', siteOrigin).href}>{new URL('/', siteOrigin).href}</EmailLink>. It is not a
          newsletter: nothing more will be sent.
        </FinePrint>
      }
    >
      {coverUrl && (
        <Img
          src={coverUrl}
          alt={`Cover of ${book.title}`}
          width="180"
          style={{ borderRadius: '6px', margin: '0 0 20px' }}
        />
      )}
      <Paragraph>Dear {customerName},</Paragraph>
      <Paragraph>
        {book.title} has been published. You asked for the {formatLabel.toLowerCase()} edition: it is ready for you.
      </Paragraph>
      {shops.length > 0 ? (
        <>
          <Paragraph>Where to buy it:</Paragraph>
          {shops.map((shop) => (
            <FinePrint key={shop.url}>
              <EmailLink href={shop.url}>{shop.label}</EmailLink>
            </FinePrint>
          ))}
        </>
      ) : null}
      <EmailButton href={bookUrl}>See the book</EmailButton>
    </EmailLayout>
  );
}

export function renderPreorderNotice(notice: PreorderNotice): Promise<RenderedEmail> {
  return renderEmail(<PreorderNoticeEmail {...notice} />);
}

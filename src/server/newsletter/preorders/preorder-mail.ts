import type { Book } from '../../../domain/books.schema.js';
import { preorderOptionLabel, preorderOptionsFor } from '../../../domain/preorders.js';
import { PREORDER_FORMAT_LABELS, type Preorder } from '../../../domain/submissions.js';
import { NoMailLinkOrigin } from '../../site/http/site-origin.js';
import type { BackgroundSends } from '../mail/background-sends.js';
import type { Mailer } from '../mail/mailer.js';
import type { NewsletterTokens } from '../newsletter-tokens.js';
import { linkWithToken } from '../unsubscribe-links.js';
import { emailCoverUrl } from './cover-for-email.js';
import { preorderReceiptSubject, renderPreorderReceipt } from './preorder-receipt-email.js';

export const PREORDER_CANCEL_PATH = '/preorder/cancel';

/** The reader's receipt for a preorder, sent in the background after the answer (like the confirmation email). */
export class PreorderMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly tokens: NewsletterTokens,
    private readonly sends: BackgroundSends,
  ) {}

  sendReceipt(
    preorder: Preorder,
    book: Pick<Book, 'id' | 'slug' | 'title' | 'coverImage' | 'status' | 'price' | 'editions'>,
    origin: string | null,
  ): void {
    this.sends.run(async () => {
      // No trusted origin for the links (PUBLIC_URL unset, a request from afar): no receipt.
      if (origin === null) throw new NoMailLinkOrigin();
      const option = preorderOptionsFor(book).find((candidate) => candidate.format === preorder.preferredFormat);
      const { html, text } = await renderPreorderReceipt({
        bookTitle: book.title,
        bookUrl: new URL(`/books/${encodeURIComponent(book.slug)}`, origin).href,
        coverUrl: emailCoverUrl(book, origin),
        customerName: preorder.customerName,
        choice: option ? preorderOptionLabel(option) : PREORDER_FORMAT_LABELS[preorder.preferredFormat],
        cancelUrl: linkWithToken(origin, PREORDER_CANCEL_PATH, this.tokens.preorderCancelToken(preorder.id)),
        siteUrl: new URL('/', origin).href,
      });
      await this.mailer.send({ to: preorder.customerEmail, subject: preorderReceiptSubject(book.title), html, text });
    });
  }

  settled(): Promise<void> {
    return this.sends.settled();
  }
}

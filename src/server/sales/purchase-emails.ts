import { purchaseReadingTips } from '../../domain/sales.js';
import type { AppDatabase } from '../db/connection.js';
import { findBook } from '../content/books/books-repository.js';
import type { MailSender } from '../newsletter/mail/mail-config.js';
import { messageIdFor } from '../newsletter/mail/mailer.js';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import { findOrder, isDownloadable, setOrderCopy, type Order } from './orders-repository.js';
import type { PersonalCopies } from './personal-copies.js';
import { LIBRARY_PATH, purchaseDownloadUrl } from './purchase-links.js';
import { purchaseSubject, renderPurchaseEmail } from './purchase-email.js';
import { findSaleEdition } from './sale-editions-repository.js';

export const FORMAT_NAMES: Record<string, string> = { ebook: 'EPUB ebook', audiobook: 'audiobook' };

/**
 * The order's personal copy: made once (by the copy maker) from its edition's file and kept on the
 * order; null when the edition has no file. Two callers at once may both make one: the first stored wins.
 */
export async function ensureCopy(db: AppDatabase, copies: PersonalCopies, order: Order): Promise<string | null> {
  if (order.copyFileId) return order.copyFileId;
  const edition = order.saleEditionId ? await findSaleEdition(db, order.saleEditionId) : undefined;
  if (!edition?.file) return null;
  const fileId = await copies.makePersonalCopy(db, {
    editionFileId: edition.file.id,
    buyerName: order.buyerName || order.buyerEmail,
    orderRef: order.reference,
    fingerprint: order.fingerprint,
  });
  return setOrderCopy(db, order.id, fileId);
}

/** The purchase email of one queued order (the send queue's `purchase` rows). */
export class PurchaseEmails {
  constructor(
    private readonly db: AppDatabase,
    private readonly sender: MailSender,
    private readonly tokens: NewsletterTokens,
    private readonly copies: PersonalCopies,
  ) {}

  async build(orderId: string, siteOrigin: string) {
    const order = await findOrder(this.db, orderId);
    if (!order || !isDownloadable(order) || !order.bookId) return null;
    const [book, copy] = await Promise.all([findBook(this.db, order.bookId), ensureCopy(this.db, this.copies, order)]);
    if (!book || !copy) return null;
    const rendered = await renderPurchaseEmail({
      title: book.title,
      format: FORMAT_NAMES[order.format ?? ''] ?? 'copy',
      buyerName: order.buyerName,
      reference: order.reference,
      downloadUrl: purchaseDownloadUrl(this.tokens, siteOrigin, order.id),
      libraryUrl: new URL(LIBRARY_PATH, siteOrigin).href,
      tips: purchaseReadingTips(this.sender.address),
    });
    return {
      to: order.buyerEmail,
      subject: purchaseSubject(book.title),
      ...rendered,
      messageId: messageIdFor(this.sender, `${order.id}.purchase.${Date.now()}`),
      transactional: true,
    };
  }
}

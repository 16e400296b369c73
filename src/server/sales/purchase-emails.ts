import { SELLABLE_EDITION_FORMATS } from '../../domain/edition-files.js';
import { purchaseReadingTips } from '../../domain/sales.js';
import type { AppDatabase } from '../db/connection.js';
import { findBook } from '../content/books/books-repository.js';
import type { MailSender } from '../newsletter/mail/mail-config.js';
import { messageIdFor } from '../newsletter/mail/mailer.js';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import { listEditionFiles } from './copies/edition-files-repository.js';
import { makePersonalCopy } from './copies/personal-copy.js';
import type { SalesFileStore } from './copies/sales-file-store.js';
import { findOrder, isDownloadable, setOrderCopy, type Order } from './orders-repository.js';
import { LIBRARY_PATH, purchaseDownloadUrl } from './purchase-links.js';
import { purchaseSubject, renderPurchaseEmail } from './purchase-email.js';

export const FORMAT_NAMES: Record<string, string> = { ebook: 'EPUB ebook', audiobook: 'audiobook' };

/** Which of an edition's files a buyer gets: the EPUB first (it carries the ex-libris page and fingerprint). */
const DELIVERY_ORDER = ['epub', 'pdf', 'azw3', 'mobi', 'mp3', 'm4b'];

/**
 * The order's personal copy (sales/copies/personal-copy.ts: an EPUB with its ex-libris page naming the
 * buyer and the order's fingerprint, a PDF with its footer, an audiobook as a ZIP of tagged chapters),
 * made once from the edition's file and kept: its `personal_copies` id is kept on the order, so a
 * re-download is a plain file send. Null when the edition has no file. Two callers at once get the
 * same copy (one per order and file).
 */
export async function ensureCopy(db: AppDatabase, store: SalesFileStore, order: Order): Promise<string | null> {
  if (order.copyFileId) return order.copyFileId;
  const format = SELLABLE_EDITION_FORMATS.find((sellable) => sellable === order.format);
  if (!order.bookId || !format) return null;
  const [file] = (await listEditionFiles(db, order.bookId, format)).sort(
    (a, b) => DELIVERY_ORDER.indexOf(a.kind) - DELIVERY_ORDER.indexOf(b.kind),
  );
  if (!file) return null;
  const copy = await makePersonalCopy(db, store, {
    editionFileId: file.id,
    buyerName: order.buyerName || order.buyerEmail,
    orderRef: order.reference,
    fingerprint: order.fingerprint,
    madeAt: new Date(),
  });
  return setOrderCopy(db, order.id, copy.fileId);
}

/** The purchase email of one queued order (the send queue's `purchase` rows). */
export class PurchaseEmails {
  constructor(
    private readonly db: AppDatabase,
    private readonly sender: MailSender,
    private readonly tokens: NewsletterTokens,
    private readonly copies: SalesFileStore,
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

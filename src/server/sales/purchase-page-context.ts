import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import { type NoticePage, type NoticePageStyles, sendNoticePage } from '../newsletter/notice-page.js';
import type { AppServices } from '../services.js';
import { createRequestContext } from '../trpc/context.js';
import { findBook } from '../content/books/books-repository.js';
import type { SalesFileStore } from './copies/sales-file-store.js';
import { salesFileStoreOf } from './copies/sales-files.js';
import type { Order } from './orders-repository.js';

/** What each of the buyer's pages needs: the services, the link tokens, the files sold and the site's page frame. */
export type PurchasePageContext = {
  services: AppServices;
  tokens: NewsletterTokens;
  files: SalesFileStore;
  /** A notice page in the site's frame, with its status. */
  page: (reply: FastifyReply, status: number, notice: NoticePage) => FastifyReply;
  /** The site's origin as the request reached it (for links in pages and emails). */
  originOf: (request: FastifyRequest) => string;
  /** The title of the book an order is for. */
  orderTitle: (order: Order) => Promise<string>;
};

export function purchasePageContext(
  services: AppServices,
  tokens: NewsletterTokens,
  styles?: NoticePageStyles,
): PurchasePageContext {
  return {
    services,
    tokens,
    files: salesFileStoreOf(services),
    page: (reply, status, notice) => sendNoticePage(reply, status, notice, styles),
    originOf: (request) => createRequestContext(services, request).siteOrigin,
    orderTitle: async (order) => (order.bookId && (await findBook(services.db, order.bookId))?.title) || 'your book',
  };
}

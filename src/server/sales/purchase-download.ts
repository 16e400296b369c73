import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokenOf } from '../newsletter/notice-page.js';
import { parseRange } from '../site/downloads/byte-range.js';
import { findPersonalCopy } from './copies/personal-copies-repository.js';
import { sendStoredFile } from './copies/stored-file-download.js';
import { countOrderDownload, findOrder, isDownloadable } from './orders-repository.js';
import type { PurchasePageContext } from './purchase-page-context.js';
import { ensureCopy } from './purchase-emails.js';
import { BAD_LINK, ERASED, REFUNDED } from './purchase-notices.js';
import { LIBRARY_PATH } from './purchase-links.js';

/**
 * The download of a buyer's personal copy (streamed, with ranges, counted from the first byte), refused once the
 * order is refunded, revoked or erased.
 */
export async function sendPurchaseDownload(context: PurchasePageContext, request: FastifyRequest, reply: FastifyReply) {
  const check = context.tokens.checkPurchaseToken(tokenOf(request), Date.now());
  if (!check.ok && check.reason === 'invalid') return context.page(reply, 400, BAD_LINK);
  if (!check.ok)
    return context.page(reply, 410, {
      title: 'Link expired',
      heading: 'This download link has expired',
      paragraphs: ['Download links work for 30 days. Your library gives you a fresh one.'],
      link: { href: LIBRARY_PATH, text: 'My library' },
    });
  const order = await findOrder(context.services.db, check.claim.orderId);
  if (!order) return context.page(reply, 400, BAD_LINK);
  if (order.erasedAt) return context.page(reply, 410, ERASED);
  if (order.state === 'refunded') return context.page(reply, 410, REFUNDED);
  if (!isDownloadable(order))
    return context.page(reply, 409, {
      title: 'Not ready',
      heading: 'This copy is not ready yet',
      paragraphs: ['The payment is still being confirmed; the email with your copy follows.'],
    });
  // The buyer's personal copy, made once (ex-libris page, fingerprint) and kept: this is a plain file send.
  const copyId = await ensureCopy(context.services.db, context.files, order);
  const copy = copyId ? await findPersonalCopy(context.services.db, copyId) : undefined;
  if (!copy)
    return context.page(reply, 404, {
      title: 'Not available',
      heading: 'The file is not available right now',
      paragraphs: ['The author has been told; please try again later.'],
    });
  const range = parseRange(request.headers.range, copy.bytes);
  // A download counts when it starts at the first byte; resuming or seeking does not. One UPDATE decides.
  if (range !== 'invalid' && (range?.start ?? 0) === 0 && !(await countOrderDownload(context.services.db, order.id)))
    return context.page(reply, 410, REFUNDED);
  return sendStoredFile(reply, context.files, copy, request.headers.range);
}

import { BOOK_STATUS_LABELS, type BookStatus } from '../../domain/books.js';

/** 'Published', 'Preorder', 'Coming Soon', or the raw value for anything else. */
export function bookStatusLabel(status: string): string {
  return Object.hasOwn(BOOK_STATUS_LABELS, status) ? BOOK_STATUS_LABELS[status as BookStatus] : status;
}

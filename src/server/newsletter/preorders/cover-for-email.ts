import { UPLOADED_OBJECT_PREFIX } from '../../../domain/images.js';

/** Where the notice and receipt emails load a book's cover: a JPEG the server makes from any cover. */
export const EMAIL_COVER_PATH = '/mail-images/covers/';

/**
 * A cover URL a mail client shows: many block SVG, so an uploaded cover (SVG or not) is sent as
 * the server's JPEG rendering of it; another site's raster image is linked as it is; another
 * site's SVG is left out.
 */
export function emailCoverUrl(book: { id: string; coverImage: string }, siteOrigin: string): string | null {
  if (book.coverImage.startsWith(UPLOADED_OBJECT_PREFIX))
    return new URL(`${EMAIL_COVER_PATH}${encodeURIComponent(book.id)}.jpg`, siteOrigin).href;
  if (/^https?:\/\//.test(book.coverImage) && !/\.svgz?(?:[?#]|$)/i.test(book.coverImage)) return book.coverImage;
  return null;
}

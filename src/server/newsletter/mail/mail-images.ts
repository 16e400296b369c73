import type { FastifyInstance, FastifyReply } from 'fastify';
import type sharpModule from 'sharp';
import { EMAIL_RASTER_PREFIX, UPLOADED_OBJECT_PREFIX } from '../../../domain/images.js';
import { UPLOAD_NAME_PATTERN } from '../../../domain/uploads.js';
import { findBook } from '../../content/books/books-repository.js';
import { allowLoadingFromOtherSites } from '../../site/http/embedded-elsewhere.js';
import { TOO_MANY_REQUESTS } from '../../site/rate-limit/request-limits.js';
import { perAddressLimit } from '../../site/rate-limit/per-address-limit.js';
import type { AppServices } from '../../services.js';
import { lazyModule } from '../../lazy-module.js';
import { EMAIL_COVER_PATH } from '../preorders/cover-for-email.js';

/** A cover in the preorder emails (shown at 180 px, drawn for sharp screens). */
const EMAIL_COVER_WIDTH = 360;
/** An image in an issue: twice the email's 504 px column. */
const EMAIL_IMAGE_WIDTH = 1008;
const CACHE_ENTRIES = 50;
/** Enough for any poster-sized upload; a decompression bomb is refused before it is drawn. */
const MAX_INPUT_PIXELS = 40_000_000;
/** The email card's colour behind a transparent image. */
const BACKGROUND = '#1a1514';

/** The JPEG of an upload (any format, SVG included), `width` wide at most; null when it cannot be drawn. */
/** sharp (about 28 MB of memory) loads with the first image drawn for an email, not at start. */
const loadSharp = lazyModule<typeof sharpModule>('sharp');

async function drawJpeg(source: Buffer, width: number): Promise<Buffer | null> {
  try {
    // 144 dpi: an SVG drawn at twice its size stays sharp; a bitmap ignores it.
    return await loadSharp()(source, { limitInputPixels: MAX_INPUT_PIXELS, density: 144 })
      .resize({ width, withoutEnlargement: true })
      .flatten({ background: BACKGROUND })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * The images emails show that the site has no JPEG of: a book's cover in the preorder emails
 * (/mail-images/covers/<book>.jpg) and any upload in an issue that is not a processed photo — an SVG above all,
 * which Gmail and Outlook do not show (/mail-images/uploads/<name>.jpg). Each is a JPEG drawn on first request
 * and kept (a few dozen), loadable from webmail's origin.
 */
export function registerMailImages(app: FastifyInstance, services: AppServices): void {
  // Each image is drawn once, however many readers open the email at once: the drawing itself is kept.
  const drawn = new Map<string, Promise<Buffer | null>>();
  const cached = (key: string, draw: () => Promise<Buffer | null>): Promise<Buffer | null> => {
    const hit = drawn.get(key);
    if (hit) return hit;
    const drawing = draw().catch(() => null);
    if (drawn.size >= CACHE_ENTRIES) drawn.delete(drawn.keys().next().value!);
    drawn.set(key, drawing);
    void drawing.then((jpeg) => {
      if (!jpeg && drawn.get(key) === drawing) drawn.delete(key);
    });
    return drawing;
  };
  const limited = perAddressLimit(services.limiters.publicRead, (reply) => reply.send({ error: TOO_MANY_REQUESTS }));
  const sendJpeg = (reply: FastifyReply, jpeg: Buffer) => {
    allowLoadingFromOtherSites(reply);
    return reply.header('cache-control', 'public, max-age=3600').type('image/jpeg').send(jpeg);
  };

  app.get<{ Params: { file: string } }>(`${EMAIL_COVER_PATH}:file`, { preHandler: limited }, async (request, reply) => {
    const match = /^(.{1,64})\.jpg$/.exec(request.params.file);
    const book = match ? await findBook(services.db, match[1]!) : undefined;
    if (!book?.coverImage.startsWith(UPLOADED_OBJECT_PREFIX))
      return reply.status(404).send({ error: 'No cover for this book' });
    const jpeg = await cached(`cover ${book.id} ${book.coverImage}`, async () => {
      const source = await services.uploads.read(book.coverImage.slice(UPLOADED_OBJECT_PREFIX.length));
      return source && drawJpeg(source, EMAIL_COVER_WIDTH);
    });
    if (!jpeg) return reply.status(404).send({ error: 'This cover cannot be shown as an image' });
    return sendJpeg(reply, jpeg);
  });

  app.get<{ Params: { file: string } }>(
    `${EMAIL_RASTER_PREFIX}:file`,
    { preHandler: limited },
    async (request, reply) => {
      const name = /^(.+)\.jpg$/.exec(request.params.file)?.[1];
      if (!name || !UPLOAD_NAME_PATTERN.test(name)) return reply.status(404).send({ error: 'No such image' });
      // Uploads are never replaced under the same name, so the name alone keys the drawing.
      const jpeg = await cached(`upload ${name}`, async () => {
        const source = await services.uploads.read(name);
        return source && drawJpeg(source, EMAIL_IMAGE_WIDTH);
      });
      if (!jpeg) return reply.status(404).send({ error: 'No such image' });
      return sendJpeg(reply, jpeg);
    },
  );
}

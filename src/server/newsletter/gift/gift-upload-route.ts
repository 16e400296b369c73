import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_GIFT_FILE_BYTES, type GiftFormat } from '../../../domain/newsletter-gift.js';
import { addGiftFile, findGift } from './gifts-repository.js';
import { newId } from '../../db/row-conversion.js';
import type { AppServices } from '../../services.js';
import { adminPreHandler } from '../../auth/admin-key.js';
import type { GiftFileStore } from './gift-file-store.js';
import { checkGiftFileType, GIFT_TYPE_HEAD_BYTES } from './gift-file-type.js';
import { HttpError } from '../../site/http/http-error.js';

const FIELD = 'file';
const NO_FILE = 'No file received: send it as multipart/form-data in the field "file"';

/**
 * Passes the bytes through once their start shows the file is what its name claims (else
 * refuses it, 415), and refuses a file over the limit (413) as soon as it gets there.
 */
async function* checkedBytes(source: AsyncIterable<Buffer>, filename: string, onFormat: (format: GiftFormat) => void) {
  let head = Buffer.alloc(0);
  let checked = false;
  let bytes = 0;
  const check = async () => {
    const result = await checkGiftFileType(filename, head);
    if (!result.ok) throw new HttpError(415, result.message);
    onFormat(result.format);
    checked = true;
  };
  for await (const chunk of source) {
    bytes += chunk.length;
    if (bytes > MAX_GIFT_FILE_BYTES) throw new HttpError(413, 'Gift files can be at most 100 MB');
    if (!checked) {
      head = Buffer.concat([head, chunk]);
      if (head.length < GIFT_TYPE_HEAD_BYTES) continue;
      await check();
      yield head;
      continue;
    }
    yield chunk;
  }
  if (!checked) {
    if (head.length === 0) throw new HttpError(400, 'The file is empty');
    await check();
    yield head;
  }
}

/** A display name: the base name, without control characters or quotes, bounded. */
const cleanFilename = (name: string) =>
  (name.replace(/\\/g, '/').split('/').pop() ?? '').replace(/[\p{Cc}"]/gu, '').slice(0, 200) || 'gift';

/**
 * POST /api/admin/gifts/:id/files (admin only): one gift file in the field "file", checked by
 * its content, streamed into the gift file store (never held whole in memory), up to 100 MB.
 */
export async function registerGiftUploadRoute(
  app: FastifyInstance,
  services: AppServices,
  files: GiftFileStore,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_GIFT_FILE_BYTES + 1, files: 1, fields: 0, parts: 2, headerPairs: 50 },
    });
    scope.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      if (error instanceof HttpError) return reply.status(error.statusCode).send({ error: error.message });
      if (typeof error.statusCode === 'number' && error.statusCode < 500)
        return reply.status(error.statusCode).send({ error: error.message });
      throw error;
    });
    // Authenticated before the file is read, as every admin call.
    const preHandler = adminPreHandler(services.auth);
    scope.post<{ Params: { id: string } }>('/api/admin/gifts/:id/files', { preHandler }, async (request, reply) => {
      const gift = await findGift(services.db, request.params.id);
      if (!gift) throw new HttpError(404, 'No gift has this id');
      if (!request.isMultipart()) throw new HttpError(415, NO_FILE);
      let part;
      try {
        part = await request.file();
      } catch (error) {
        if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
        throw new HttpError(400, 'Malformed multipart body: ' + NO_FILE);
      }
      if (!part || part.fieldname !== FIELD) throw new HttpError(400, NO_FILE);
      const filename = cleanFilename(part.filename);
      const id = newId();
      let format: GiftFormat | null = null;
      let bytes: number;
      try {
        bytes = await files.write(
          id,
          checkedBytes(part.file, filename, (found) => (format = found)),
        );
      } catch (error) {
        part.file.resume();
        if (error instanceof HttpError) throw error;
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, 'Gift files can be at most 100 MB');
        throw error;
      }
      if (part.file.truncated || bytes > MAX_GIFT_FILE_BYTES) {
        await files.remove(id);
        throw new HttpError(413, 'Gift files can be at most 100 MB');
      }
      await addGiftFile(services.db, { id, giftId: gift.id, format: format!, filename, bytes });
      services.cache.clear();
      return reply.status(201).send({ id, format, filename, bytes });
    });
  });
}

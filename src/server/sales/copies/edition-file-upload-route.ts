import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  EDITION_FILE_INFO,
  MAX_EDITION_FILE_BYTES,
  MAX_FILES_PER_EDITION,
  SELLABLE_EDITION_FORMATS,
  type EditionFileKind,
  type SellableEditionFormat,
} from '../../../domain/edition-files.js';
import { newId } from '../../db/row-conversion.js';
import type { AppServices } from '../../services.js';
import { adminPreHandler } from '../../auth/admin-key.js';
import { checkStoredFile } from './edition-file-check.js';
import { checkSniffedKind, claimedKind, TYPE_HEAD_BYTES } from './edition-file-type.js';
import { addEditionFile, countEditionFiles } from './edition-files-repository.js';
import type { SalesFileStore } from './sales-file-store.js';
import { HttpError } from '../../site/http/http-error.js';

const FIELD = 'file';
const NO_FILE = 'No file received: send it as multipart/form-data in the field "file"';
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Passes the bytes through once file-type agrees the file is what its name claims (else 415), and
 * refuses it (413) as soon as it passes its kind's limit: nothing past that is stored.
 */
async function* checkedBytes(source: AsyncIterable<Buffer>, kind: EditionFileKind) {
  const limit = EDITION_FILE_INFO[kind].maxBytes;
  let head = Buffer.alloc(0);
  let checked = false;
  let bytes = 0;
  const check = async () => {
    const result = await checkSniffedKind(kind, head);
    if (!result.ok) throw new HttpError(result.status, result.message);
    checked = true;
  };
  for await (const chunk of source) {
    bytes += chunk.length;
    if (bytes > limit) throw new HttpError(413, `${EDITION_FILE_INFO[kind].label} files can be at most ${mb(limit)}`);
    if (checked) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < TYPE_HEAD_BYTES) continue;
    await check();
    yield head;
  }
  if (!checked) {
    if (head.length === 0) throw new HttpError(400, 'The file is empty');
    await check();
    yield head;
  }
}

/** A display name: the base name, without control characters or quotes, bounded. */
const cleanFilename = (name: string) =>
  (name.replace(/\\/g, '/').split('/').pop() ?? '').replace(/[\p{Cc}"]/gu, '').slice(0, 200) || 'file';

/** Whether the book exists and lists an edition of this format. */
async function editionExists(services: AppServices, bookId: string, format: SellableEditionFormat) {
  const book = await services.db.selectFrom('books').select('editions').where('id', '=', bookId).executeTakeFirst();
  if (!book) return 'no book';
  const editions = JSON.parse(book.editions) as { format?: string }[];
  return editions.some((edition) => edition.format === format) ? 'ok' : 'no edition';
}

/**
 * POST /api/admin/books/:bookId/editions/:format/files (admin only; format: ebook | audiobook): one file
 * to deliver in the field "file", streamed into the sales file store (never held whole in memory, up to
 * 2 GB for audio), judged by its first bytes (file-type) and, for an EPUB or PDF, checked whole once
 * stored. A refused or cut-off upload leaves nothing behind.
 */
export async function registerEditionFileUploadRoute(
  app: FastifyInstance,
  services: AppServices,
  files: SalesFileStore,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_EDITION_FILE_BYTES + 1, files: 1, fields: 0, parts: 2, headerPairs: 50 },
    });
    scope.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      if (error instanceof HttpError)
        return reply
          .status(error.statusCode)
          .send({ error: error.message, ...(error.problems ? { problems: error.problems } : {}) });
      if (typeof error.statusCode === 'number' && error.statusCode < 500)
        return reply.status(error.statusCode).send({ error: error.message });
      throw error;
    });
    scope.post<{ Params: { bookId: string; format: string } }>(
      '/api/admin/books/:bookId/editions/:format/files',
      // Authenticated before the file is read, as every admin call.
      { preHandler: adminPreHandler(services.auth) },
      async (request, reply) => {
        const format = request.params.format as SellableEditionFormat;
        if (!SELLABLE_EDITION_FORMATS.includes(format))
          throw new HttpError(404, 'Files are delivered for ebook and audiobook editions only');
        const exists = await editionExists(services, request.params.bookId, format);
        if (exists === 'no book') throw new HttpError(404, 'No book has this id');
        if (exists === 'no edition') throw new HttpError(404, `This book has no ${format} edition: add it first`);
        if ((await countEditionFiles(services.db, request.params.bookId, format)) >= MAX_FILES_PER_EDITION)
          throw new HttpError(409, `An edition has at most ${MAX_FILES_PER_EDITION} files`);
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
        const claimed = claimedKind(filename, format);
        if (!claimed.ok) {
          part.file.resume();
          throw new HttpError(claimed.status, claimed.message);
        }
        const id = newId();
        let bytes: number;
        try {
          bytes = await files.write(id, checkedBytes(part.file, claimed.kind));
        } catch (error) {
          part.file.resume();
          if (error instanceof HttpError) throw error;
          if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new HttpError(413, `Files can be at most ${mb(MAX_EDITION_FILE_BYTES)}`);
          // The client went away mid-upload (or the body was cut): what arrived is gone already.
          if (typeof (error as { statusCode?: unknown }).statusCode !== 'number')
            throw new HttpError(400, 'The upload was cut off before its end: nothing was kept');
          throw error;
        }
        if (part.file.truncated) {
          await files.remove(id);
          throw new HttpError(413, `Files can be at most ${mb(MAX_EDITION_FILE_BYTES)}`);
        }
        const result = await checkStoredFile(files, id, claimed.kind, bytes);
        if (!result.ok) {
          await files.remove(id);
          throw new HttpError(
            422,
            `This ${EDITION_FILE_INFO[claimed.kind].label} cannot be sold as it is: ${result.problems.join('; ')}`,
            result.problems,
          );
        }
        const file = await addEditionFile(services.db, {
          id,
          bookId: request.params.bookId,
          editionFormat: format,
          kind: claimed.kind,
          filename,
          bytes,
          checked: result.checked,
        });
        return reply.status(201).send(file);
      },
    );
  });
}

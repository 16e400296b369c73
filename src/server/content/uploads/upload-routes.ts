import { createHash, randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOADED_OBJECT_PREFIX, UPLOAD_TYPES_MESSAGE } from '../../../domain/images.js';
import { UPLOAD_NAME_PATTERN } from '../../../domain/uploads.js';
import { MAX_UPLOAD_BYTES, TEXT_LIMITS } from '../../../domain/limits.js';
import type { AppServices } from '../../services.js';
import { adminPreHandler } from '../../auth/admin-key.js';
import { inImageQueue, storeImage } from '../images/image-store.js';
import { detectImageType, storedExtension } from './image-type.js';
import type { UploadStore } from './upload-store.js';
import { HttpError } from '../../site/http/http-error.js';
import { allowLoadingFromOtherSites } from '../../site/http/embedded-elsewhere.js';

const UPLOAD_FIELD = 'image';
const ONE_YEAR_SECONDS = 31_536_000;
const NO_IMAGE_MESSAGE = 'No image received: send it in the field "image"';

/** A display name for the toast: the base name, without control characters, bounded. */
function displayFilename(original: string): string {
  const base = path.basename(original.replace(/\\/g, '/')).replace(/\p{Cc}/gu, '');
  return base.slice(0, TEXT_LIMITS.name) || 'image';
}

/** The bytes and name of the one file in the field "image". */
async function readImagePart(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string }> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== UPLOAD_FIELD) throw new HttpError(400, NO_IMAGE_MESSAGE);
    return { bytes: await file.toBuffer(), filename: file.filename };
  } catch (error) {
    // Only text fields (fields: 0): the image is what is missing.
    if ((error as { code?: unknown }).code === 'FST_FIELDS_LIMIT') throw new HttpError(400, NO_IMAGE_MESSAGE);
    // Busboy's parse errors (no boundary, a cut-off body) carry no status, yet are the client's mistake.
    if (typeof (error as { statusCode?: unknown }).statusCode !== 'number') {
      throw new HttpError(400, 'Malformed multipart body: send the image as multipart/form-data in the field "image"');
    }
    throw error;
  }
}

/** What every served upload says: kept a year (names never change), never sniffed or run as a document. */
function setUploadHeaders(reply: { header: (name: string, value: string) => unknown }): void {
  reply.header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
  // Images are embedded in newsletter emails, read in webmail on other origins (and in the admin's sandboxed preview).
  allowLoadingFromOtherSites(reply);
  // Uploaded files are never documents: no script, even for the seeded SVG art.
  reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** GET /objects/<name> from the database (PostgreSQL): every instance serves every upload. */
function serveUploadsFromStore(app: FastifyInstance, uploads: UploadStore): void {
  app.get<{ Params: { name: string } }>(`${UPLOADED_OBJECT_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params;
    const data = UPLOAD_NAME_PATTERN.test(name) ? await uploads.read(name) : null;
    if (!data) return reply.status(404).send({ error: `Not found: GET ${UPLOADED_OBJECT_PREFIX}${name}` });
    const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    setUploadHeaders(reply);
    const etag = `"${createHash('sha1').update(data).digest('base64url')}"`;
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(CONTENT_TYPES[extension] ?? 'application/octet-stream').send(data);
  });
}

/**
 * POST /api/upload (admin only) stores one image in the upload store (DATA_DIR/uploads, or the
 * database on PostgreSQL) with a random name, stripped of its metadata, with its responsive
 * variants beside it; GET /objects/<name> serves it with a long cache lifetime.
 */
export async function registerUploadRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { uploads, uploadsDir } = services;
  await mkdir(uploadsDir, { recursive: true, mode: 0o700 });

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 50 },
    });

    // Authenticated before the file is read, as every admin call.
    scope.post('/api/upload', { preHandler: adminPreHandler(services.auth) }, async (request, reply) => {
      if (!request.isMultipart())
        throw new HttpError(415, 'Send the image as multipart/form-data in the field "image"');
      const { bytes, filename } = await readImagePart(request);
      const type = detectImageType(bytes);
      if (!type) throw new HttpError(415, UPLOAD_TYPES_MESSAGE);
      const name = `${randomBytes(16).toString('hex')}.${storedExtension(type)}`;
      // An image refused (too large, damaged) throws an HttpError: the site's error handler answers it.
      await inImageQueue(() => storeImage(services.db, uploads, name, bytes, type.extension));
      return reply.status(201).send({ path: `${UPLOADED_OBJECT_PREFIX}${name}`, filename: displayFilename(filename) });
    });
  });

  if (uploads.kind === 'database') {
    serveUploadsFromStore(app, uploads);
    return;
  }
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: UPLOADED_OBJECT_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: setUploadHeaders,
  });
}

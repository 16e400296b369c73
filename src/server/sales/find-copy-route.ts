import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { adminPreHandler } from '../auth/admin-key.js';
import type { AppServices } from '../services.js';
import { HttpError } from '../site/http/http-error.js';
import { lookUpCopy } from './copies/find-fingerprint.js';
import { findOrderByFingerprint } from './orders-repository.js';
import { findApplicationByFingerprint } from '../arc/arc-repository.js';

/** A suspected leak is at most an edition file's size (audiobooks: 2 GB). */
const MAX_SUSPECT_BYTES = 2 * 1024 * 1024 * 1024;
const NO_FILE = 'No file received: send it as multipart/form-data in the field "file"';

/**
 * POST /api/admin/sales/find-copy (admin only; the file in the field "file"): Settings → Sales → Find a copy's
 * buyer. The file is streamed to a private temporary file (never held whole), its fingerprint read (EPUB, ZIP,
 * PDF, MP3) and the order named. 200 with `status`: `found` (and `order`, or null when no order of this site
 * has the fingerprint), `none` (a readable file without a mark); 422 for a file that cannot be read as one.
 */
export async function registerFindCopyRoute(app: FastifyInstance, services: AppServices): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_SUSPECT_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 50 },
    });
    scope.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      if (error instanceof HttpError) return reply.status(error.statusCode).send({ error: error.message });
      if (typeof error.statusCode === 'number' && error.statusCode < 500)
        return reply.status(error.statusCode).send({ error: error.message });
      throw error;
    });
    // Authenticated before the file is read, as every admin call.
    scope.post('/api/admin/sales/find-copy', { preHandler: adminPreHandler(services.auth) }, async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, NO_FILE);
      let part;
      try {
        part = await request.file();
      } catch (error) {
        if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
        throw new HttpError(400, 'Malformed multipart body: ' + NO_FILE);
      }
      if (!part || part.fieldname !== 'file') throw new HttpError(400, NO_FILE);
      let result;
      try {
        result = await lookUpCopy(part.file);
      } catch (error) {
        part.file.resume();
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, 'This file is larger than any edition file (2 GB)');
        throw new HttpError(400, 'The upload was cut off before its end: nothing was read');
      }
      if (part.file.truncated) throw new HttpError(413, 'This file is larger than any edition file (2 GB)');
      if (result.status === 'unreadable') return reply.status(422).send({ error: result.reason });
      if (result.status === 'none') return reply.send({ status: 'none', kind: result.kind });
      const order = await findOrderByFingerprint(services.db, result.fingerprint);
      // An advance reader copy (the ARC team's, src/server/arc) carries its application's fingerprint.
      const arc = order ? undefined : await findApplicationByFingerprint(services.db, result.fingerprint);
      return reply.send({
        status: 'found',
        fingerprint: result.fingerprint,
        foundIn: result.foundIn,
        order: order
          ? {
              id: order.id,
              reference: order.reference,
              buyerEmail: order.buyerEmail,
              buyerName: order.buyerName,
              bookTitle: order.bookTitle,
              format: order.format,
              provider: order.provider,
              state: order.state,
              createdAt: order.createdAt,
            }
          : null,
        arcReader: arc
          ? { applicationId: arc.id, campaignId: arc.campaignId, name: arc.name, email: arc.email, state: arc.state }
          : null,
      });
    });
  });
}

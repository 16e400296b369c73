import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.js';
import { adminPreHandler } from '../../auth/admin-key.js';
import { findPersonalCopy } from '../../sales/copies/personal-copies-repository.js';
import { makePersonalCopy, newFingerprint } from '../../sales/copies/personal-copy.js';
import { salesFileStoreOf } from '../../sales/copies/sales-files.js';
import { sendStoredFile } from '../../sales/copies/stored-file-download.js';

/**
 * Benchmark routes (scripts/bench-personal-copy.mjs; registered only by copies-bench-server.ts, never by the
 * site): make a personal copy of an edition file, and download it through sendStoredFile, the streamed,
 * ranged send a purchase's download link uses. Admin only, as everything that makes copies.
 */
export function registerCopiesBenchRoutes(app: FastifyInstance, services: AppServices): void {
  const store = salesFileStoreOf(services);
  const preHandler = adminPreHandler(services.auth);
  app.post<{ Body: { editionFileId: string } }>('/__bench/copies', { preHandler }, async (request, reply) => {
    const copy = await makePersonalCopy(services.db, store, {
      editionFileId: request.body.editionFileId,
      buyerName: 'Ada Reader',
      orderRef: `bench-${Date.now()}`,
      fingerprint: newFingerprint(),
      madeAt: new Date(),
    });
    return reply.status(201).send(copy);
  });
  app.get<{ Params: { fileId: string } }>(
    '/__bench/copies/:fileId',
    { compress: false, exposeHeadRoute: false, preHandler },
    async (request, reply) => {
      const copy = await findPersonalCopy(services.db, request.params.fileId);
      if (!copy) return reply.status(404).send({ error: 'No such copy' });
      return sendStoredFile(reply, store, { ...copy, id: copy.id }, request.headers.range);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { createCaller } from '../../trpc/app-router.js';
import { createRequestContext, type AppServices } from '../../trpc/context.js';
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
  app.post<{ Body: { editionFileId: string } }>('/__bench/copies', async (request, reply) => {
    await createCaller(createRequestContext(services, request)).admin.verify();
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
    { compress: false, exposeHeadRoute: false },
    async (request, reply) => {
      await createCaller(createRequestContext(services, request)).admin.verify();
      const copy = await findPersonalCopy(services.db, request.params.fileId);
      if (!copy) return reply.status(404).send({ error: 'No such copy' });
      return sendStoredFile(reply, store, { ...copy, id: copy.id }, request.headers.range);
    },
  );
}

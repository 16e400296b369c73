import type { FastifyInstance } from 'fastify';
import { EXPORT_PATH } from '../../../domain/import-export.js';
import { createRequestContext } from '../../trpc/context.js';
import type { AppServices } from '../../services.js';
import { adminPreHandler } from '../../auth/admin-key.js';
import { loadExportBuilder } from '../import-loader.js';

/** GET /api/admin/export (admin only): the whole site as one zip, streamed. */
export function registerExportRoute(app: FastifyInstance, services: AppServices): void {
  const preHandler = adminPreHandler(services.auth);
  app.get(EXPORT_PATH, { exposeHeadRoute: false, compress: false, preHandler }, async (request, reply) => {
    const context = createRequestContext(services, request);
    const { buildExport } = await loadExportBuilder();
    const zip = await buildExport(
      services.db,
      { store: services.uploads, dir: services.uploadsDir },
      context.siteOrigin,
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="site-export-${day}.zip"`)
      .header('cache-control', 'no-store')
      .send(zip);
  });
}

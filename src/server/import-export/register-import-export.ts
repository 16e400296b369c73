import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services.js';
import { registerExportRoute } from './export/export-route.js';
import { registerImportRoutes } from './import-routes.js';
import { registerLegacyPermalinks } from './legacy-permalinks.js';

/** Import (POST /api/admin/import), export (GET /api/admin/export) and imported posts' old addresses. */
export async function registerImportExport(app: FastifyInstance, services: AppServices): Promise<void> {
  registerLegacyPermalinks(app, services);
  registerExportRoute(app, services);
  await registerImportRoutes(app, services);
}

import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.js';
import { registerFindCopyRoute } from '../find-copy-route.js';
import { registerEditionFileUploadRoute } from './edition-file-upload-route.js';
import { createSalesFileStore, type SalesFileStore } from './sales-file-store.js';

/** The site's sales file store: DATA_DIR/sales-files beside the uploads, or the database as the uploads are. */
export function salesFileStoreOf(services: Pick<AppServices, 'db' | 'uploads' | 'uploadsDir'>): SalesFileStore {
  return createSalesFileStore(services.db, services.uploads.kind, path.dirname(services.uploadsDir));
}

/** The files side of selling direct: the admin's upload of edition files, and Find a copy's buyer. */
export async function registerSalesFiles(app: FastifyInstance, services: AppServices): Promise<void> {
  await registerEditionFileUploadRoute(app, services, salesFileStoreOf(services));
  await registerFindCopyRoute(app, services);
}

import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { databaseEngine } from '../../db/database-engine.js';
import type { AppServices } from '../../services.js';
import { adminPreHandler } from '../../auth/admin-key.js';

/** Archives hold a SQLite file: a PostgreSQL database is backed up with its own tools. */
const POSTGRES_BACKUP_MESSAGE =
  'This site runs on PostgreSQL: back the database up with pg_dump or your host’s snapshots (docs/scaling.md)';

/**
 * GET /api/admin/backup (admin only): makes a fresh backup (kept in BACKUP_DIR like a scheduled
 * one, so it counts as the latest) and streams the archive. The key is checked as every admin
 * call's (auth/admin-key.ts), before any work starts.
 */
export function registerBackupDownload(app: FastifyInstance, services: AppServices): void {
  // No automatic HEAD route: a HEAD would make a whole backup to answer nothing.
  const preHandler = adminPreHandler(services.auth);
  app.get('/api/admin/backup', { exposeHeadRoute: false, preHandler }, async (request, reply) => {
    if (databaseEngine(services.db) === 'postgres') {
      return reply.status(409).send({ error: POSTGRES_BACKUP_MESSAGE });
    }
    const backup = await services.backups.run();
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', backup.bytes)
      .header('content-disposition', `attachment; filename="${backup.name}"`)
      .header('cache-control', 'no-store')
      .send(createReadStream(backup.file));
  });
}

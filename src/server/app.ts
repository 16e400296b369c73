import type { NoticePageStyles } from './newsletter/notice-page.js';
import fastifyCompress from '@fastify/compress';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_JSON_BODY_BYTES } from '../domain/limits.js';
import { registerAnalyticsRoutes } from './analytics/analytics-routes.js';
import { registerRedirectLinks } from './analytics/redirect-links.js';
import { PageAnalytics } from './analytics/page-analytics.js';
import { AdminAuth } from './auth/admin-auth.js';
import { registerBackupDownload } from './backup/backup-download.js';
import { registerPreviewAccess } from './blog/preview-access.js';
import { BackupService } from './backup/backup-service.js';
import { PublicCache } from './cache/public-cache.js';
import { singleProcessCoordination, type Coordination } from './cluster/coordination.js';
import type { AppConfig } from './config.js';
import type { AppDatabase } from './db/connection.js';
import { checkDatabaseHealth } from './db/database-health.js';
import { registerFormPosts } from './forms/register-form-posts.js';
import { createNewsletterMail } from './newsletter/create-newsletter-mail.js';
import { BACKUP_SIGNING_SECRET } from './backup/archive-signature.js';
import { loadOrCreateSecret } from './repositories/site-secrets.js';
import { serveBuiltClient, serveViteDevClient, type ClientPageHandler } from './ssr/client-app.js';
import { handleError } from './http/errors.js';
import { COMPRESSION_THRESHOLD_BYTES } from './http/kept-body.js';
import { mailEventRoutes } from './deliverability/mail-event-routes.js';
import { snsHttp, type SnsHttp } from './deliverability/provider-events/sns.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createRequestLimiters } from './rate-limit/request-limits.js';
import { retryLaterOf } from './rate-limit/retry-later.js';
import { registerCsvExports } from './rest/csv-exports.js';
import { registerRestRoutes } from './rest/register-rest-routes.js';
import { ResponseCache } from './cache/response-cache.js';
import type { RenderedPage } from './ssr/page-renderer.js';
import { appRouter, type AppRouter } from './trpc/app-router.js';
import { seedDemoDatabase } from './seed/demo-seed.js';
import { createRequestContext, type AppServices } from './trpc/context.js';
import { prepareDataDir, type DataDir } from './startup/data-dir.js';
import { openPostgresSiteDatabase, openSiteDatabase } from './startup/open-site-database.js';
import { registerUploadRoutes } from './uploads/upload-routes.js';
import { registerImportExport } from './import-export/register-import-export.js';
import { combineBuses, PostgresInvalidationBus } from './postgres/cache-invalidation.js';
import { DatabaseGuessThrottle } from './postgres/database-guess-throttle.js';
import { createUploadStore } from './uploads/upload-store.js';
import { ensureSearchIndex } from './repositories/search-index.js';
import { SearchGate } from './search/search-gate.js';

export type BuildOptions = {
  /** How the React app is served: the production build, Vite's dev middleware, or not at all (API tests). */
  client?: 'built' | 'vite-dev' | 'none';
  /** Fastify logger; off unless given. */
  logger?: boolean;
  /** What this process shares with the site's other server processes; by default it runs alone. */
  coordination?: Coordination;
  /** SNS's certificate fetch and subscription confirmation (tests give local ones). */
  snsHttp?: SnsHttp;
};

export type BuiltApp = {
  app: FastifyInstance;
  services: AppServices;
  /** Start scheduled jobs through `coordination.jobs`, so they run in one process only. */
  coordination: Coordination;
  generatedAdminPassword: string | null;
};

export { DATABASE_FILE_NAME } from './startup/data-dir.js';

/**
 * Searches at once per process: one on SQLite, where a search holds the request thread anyway, two
 * on PostgreSQL (the pool's other connections stay for pages). With the public limits on, at most
 * 64 wait, 2 per address; RATE_LIMITS=off lifts both caps (searches still run in turn).
 */
const searchGateOf = (config: AppConfig) =>
  new SearchGate({
    running: config.databaseUrl ? 2 : 1,
    waiting: config.publicRateLimits ? 64 : null,
    perAddress: config.publicRateLimits ? 2 : null,
  });

/** Rendered pages kept in memory (per URL, origin and announcement cookie). */
const HTML_CACHE_ENTRIES = 500;

const uploadStoreOf = (config: AppConfig, db: AppDatabase, dataDir: DataDir) =>
  createUploadStore(db, dataDir.uploadsDir, config.databaseUrl);

/**
 * Opens, checks and migrates the database, seeding demo content into a newly created one if asked,
 * and fills the search index when it does not match the content.
 */
async function prepareDatabase(config: AppConfig, dataDir: DataDir): Promise<{ db: AppDatabase; created: boolean }> {
  const { db, created } = config.databaseUrl
    ? await openPostgresSiteDatabase(config.databaseUrl)
    : { db: await openSiteDatabase(dataDir), created: dataDir.databaseIsNew };
  try {
    if (created && config.seedDemo) await seedDemoDatabase(db, uploadStoreOf(config, db, dataDir));
    await ensureSearchIndex(db);
    return { db, created };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/**
 * Everything a new or upgraded site needs before its server processes start, done once: the data
 * folder, the migrated database (demo content in a new one) and the admin user. Returns the
 * generated admin password, if one was made. The cluster's primary runs this before its workers.
 */
export async function prepareSite(config: AppConfig): Promise<{ generatedAdminPassword: string | null }> {
  const dataDir = await prepareDataDir(config.dataDir);
  const { db } = await prepareDatabase(config, dataDir);
  try {
    const { generatedPassword } = await new AdminAuth(db).ensureAdminUser(config.adminPassword);
    return { generatedAdminPassword: generatedPassword };
  } finally {
    await db.destroy();
  }
}

/** Builds the whole server (database, API, uploads, client) without listening on a port. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const dataDir = await prepareDataDir(config.dataDir);
  const uploadsDir = dataDir.uploadsDir;
  const { db } = await prepareDatabase(config, dataDir);

  const coordination = options.coordination ?? singleProcessCoordination();
  const limiters = createRequestLimiters({ publicLimitsEnabled: config.publicRateLimits, store: coordination.limits });
  // Several instances on one PostgreSQL count password guesses together, in the database.
  const auth = new AdminAuth(db, {
    throttle: config.databaseUrl ? new DatabaseGuessThrottle(db) : coordination.limits.guesses(),
  });
  const { generatedPassword } = await auth.ensureAdminUser(config.adminPassword);
  const mail = await createNewsletterMail(db, config, () => app.log);
  await loadOrCreateSecret(db, BACKUP_SIGNING_SECRET);
  // Boxes on one PostgreSQL tell each other of content writes (LISTEN/NOTIFY), beside the box's own bus.
  const postgresBus = config.databaseUrl
    ? await PostgresInvalidationBus.start(config.databaseUrl, () => app.log)
    : null;
  const services: AppServices = {
    db,
    cache: new PublicCache(postgresBus ? combineBuses(coordination.bus, postgresBus) : coordination.bus),
    auth,
    limiters,
    searchGate: searchGateOf(config),
    publicOrigin: config.publicUrl,
    mailer: mail.mailer,
    newsletterMail: mail.newsletterMail,
    signupChallenge: mail.signupChallenge,
    mailing: mail.mailing,
    backups: new BackupService(config.dataDir, config.backup),
    uploadsDir,
    uploads: uploadStoreOf(config, db, dataDir),
    analytics: new PageAnalytics(db, {
      enabled: config.analytics,
      log: { error: (details, message) => app.log.error(details, message) },
    }),
  };

  const app = Fastify({
    logger: options.logger ? { level: config.logLevel } : false,
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Malformed or over-long URLs are refused by the router itself; answer them as JSON `{ error }` too.
    frameworkErrors: handleError,
  });
  app.addHook('onClose', async () => {
    await services.analytics.close();
    await postgresBus?.close();
    await mail.close();
    await db.destroy();
  });
  app.setErrorHandler(handleError);

  registerJsonBodyParser(app);
  registerSecurityHeaders(app);
  // A content write's answer leaves only once every other server process has cleared its caches.
  app.addHook('onSend', (_request, _reply, payload, done) => {
    const propagation = services.cache.propagation();
    if (!propagation) return done(null, payload);
    propagation.then(
      () => done(null, payload),
      () => done(null, payload),
    );
  });
  await app.register(fastifyCompress, { threshold: COMPRESSION_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });

  app.get('/healthz', async (_request, reply) => {
    const { engine, reachable, writable } = await checkDatabaseHealth(db);
    const database = { engine, reachable };
    if (writable) return { status: 'ok', database };
    const error = reachable ? 'The database cannot be written' : 'The database cannot be reached';
    app.log.error(`health check: ${error.toLowerCase()} (${engine})`);
    return reply.status(503).send({ status: 'unavailable', error, database });
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createRequestContext(services, req),
      responseMeta: ({ errors }) => {
        const retryAfter = errors.map(retryLaterOf).find((found) => found !== null);
        return retryAfter ? { headers: { 'retry-after': String(retryAfter.retryAfterSeconds) } } : {};
      },
      onError: ({ error, path: procedure }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, procedure }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  registerRestRoutes(app, services);
  registerAnalyticsRoutes(app, services);
  registerRedirectLinks(app, services, mail.tokens);
  await app.register(mailEventRoutes, { db, config: config.mailEvents, sns: options.snsHttp ?? snsHttp() });
  // The email links' pages link the site's own stylesheets (fonts included) once the client is served.
  const noticePageStyles: NoticePageStyles = { stylesheets: [] };
  await mail.registerPages(app, services, noticePageStyles);
  registerCsvExports(app, services);
  registerBackupDownload(app, services);
  registerPreviewAccess(app, services);
  await registerUploadRoutes(app, services);
  await registerImportExport(app, services);

  const clientMode = options.client ?? 'none';
  let servePage: ClientPageHandler | null = null;
  if (clientMode === 'built' && config.clientDir) {
    // Server-rendered pages are cached until the next content write (which clears the public cache).
    const htmlCache = new ResponseCache<RenderedPage>(HTML_CACHE_ENTRIES);
    services.cache.onClear(() => htmlCache.clear());
    servePage = await serveBuiltClient(app, config.clientDir, services, { htmlCache, noticePageStyles });
  } else if (clientMode === 'vite-dev') {
    servePage = await serveViteDevClient(app, services);
  }
  // The public forms also post without JavaScript; the answer to a refused one is their page.
  if (servePage) await registerFormPosts(app, services, servePage);

  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/trpc/');
    if (isPageRequest && servePage) return servePage(request, reply);
    return reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });

  return { app, services, coordination, generatedAdminPassword: generatedPassword };
}

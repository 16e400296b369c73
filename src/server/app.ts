import { CommentSessions } from './comments/comment-sessions.js';
import { registerCommentPages } from './comments/comment-pages.js';
import type { NoticePageStyles } from './newsletter/notice-page.js';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { MAX_CALLS_PER_BATCH, MAX_JSON_BODY_BYTES } from '../domain/limits.js';
import { registerAnalyticsRoutes } from './analytics/analytics-routes.js';
import { registerRedirectLinks } from './analytics/redirect-links.js';
import { pageExistsChecker } from './site/pages/page-exists.js';
import { PageAnalytics } from './analytics/page-analytics.js';
import { AdminAuth } from './auth/admin-auth.js';
import { registerBackupDownload } from './operations/backup/backup-download.js';
import { registerPreviewAccess } from './content/blog/preview-access.js';
import { BackupService } from './operations/backup/backup-service.js';
import { PublicCache } from './site/cache/public-cache.js';
import type { AppConfig } from './config.js';
import type { AppDatabase } from './db/connection.js';
import { configuredDatabase, configuredEngine } from './db/database-engine.js';
import { checkDatabaseHealth } from './db/database-health.js';
import { registerFormPosts } from './site/forms/register-form-posts.js';
import { createNewsletterMail, type NewsletterMailServices } from './newsletter/create-newsletter-mail.js';
import { QueueSignal } from './newsletter/send-queue/queue-signal.js';
import { registerNewsletterPages } from './newsletter/newsletter-pages.js';
import { registerPreorderPages } from './newsletter/preorders/preorder-pages.js';
import { registerReaderPages } from './newsletter/reader-pages.js';
import { registerMailImages } from './newsletter/mail/mail-images.js';
import { registerNotMePages } from './newsletter/signup-abuse/not-me-page.js';
import { BACKUP_SIGNING_SECRET } from './operations/backup/archive-signature.js';
import { loadOrCreateSecret } from './auth/site-secrets-repository.js';
import { serveBuiltClient, serveViteDevClient, type ClientPageHandler } from './site/pages/client-app.js';
import { handleError } from './site/http/errors.js';
import { serializeLoggedRequest } from './site/http/request-log.js';
import { COMPRESSION_THRESHOLD_BYTES } from './site/cache/cached-body.js';
import { mailEventRoutes } from './deliverability/mail-event-routes.js';
import { SenderCheck } from './deliverability/sender-check.js';
import { saleEventRoutes } from './sales/sale-event-routes.js';
import { registerPurchasePages } from './sales/purchase-pages.js';
import { registerArcPages } from './arc/arc-pages.js';
import { subscribeConsentingBuyer } from './sales/marketing-consent.js';
import { snsHttp, type SnsHttp } from './deliverability/provider-events/sns.js';
import type { OutboundRules } from './site/http/safe-fetch.js';
import { registerJsonBodyParser } from './site/http/json-body.js';
import { registerSecurityHeaders } from './site/http/security-headers.js';
import { createRateLimits } from './site/rate-limit/rate-limits.js';
import { retryLaterOf } from './site/rate-limit/retry-later.js';
import { registerCsvExports } from './site/rest/csv-exports.js';
import { registerRestRoutes } from './site/rest/register-rest-routes.js';
import { appRouter, type AppRouter } from './trpc/app-router.js';
import { seedDemoDatabase } from './operations/seed/demo-seed.js';
import { createRequestContext } from './trpc/context.js';
import type { AppServices } from './services.js';
import { withholdAnswersOfRefusedBatch } from './trpc/refused-batch.js';
import { prepareDataDir, type DataDir } from './operations/startup/data-dir.js';
import { openPostgresSiteDatabase, openSiteDatabase } from './operations/startup/open-site-database.js';
import { registerUploadRoutes } from './content/uploads/upload-routes.js';
import { registerSalesFiles, salesFileStoreOf } from './sales/copies/sales-files.js';
import { registerImportExport } from './import-export/register-import-export.js';
import { PostgresInvalidationBus } from './site/cache/cache-invalidation.js';
import { createUploadStore } from './content/uploads/create-upload-store.js';
import type { JobRunner } from './operations/jobs/job-runner.js';
import { siteJobs } from './operations/jobs/site-jobs.js';
import { ensureSearchIndex } from './content/search/search-index.js';
import { WorkGate } from './site/work-gate.js';
import { createSiteFederation } from './fediverse/site-federation-service.js';
import { registerFediverseRoutes } from './fediverse/fediverse-routes.js';
import { registerFollowRedirect } from './fediverse/follow-redirect.js';

export type BuildOptions = {
  /** How the React app is served: the production build, Vite's dev middleware, or not at all (API tests). */
  client?: 'built' | 'vite-dev' | 'none';
  /** Fastify logger; off unless given. */
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write: (line: string) => void };
  /** SNS's certificate fetch and subscription confirmation (tests give local ones). */
  snsHttp?: SnsHttp;
  /** DNS servers of the sender check (tests give a local one); the system's by default. */
  dnsServers?: string[];
  /** Outbound fetches (imported images): public addresses only unless a test allows its loopback stand-in. */
  outbound?: OutboundRules;
  /** The password-guess throttle's clock (tests hold it still, so a lockout does not lapse on a slow machine). */
  guessClock?: () => number;
};

export type BuiltApp = {
  app: FastifyInstance;
  services: AppServices;
  /** The site's periodic jobs: `serve` starts them once the site listens; closing the app stops them. */
  jobs: JobRunner;
  generatedAdminPassword: string | null;
};

export { DATABASE_FILE_NAME } from './operations/startup/data-dir.js';

/**
 * Searches at once per process: one on SQLite, where a search holds the request thread anyway, two
 * on PostgreSQL (the pool's other connections stay for pages). With the public limits on, at most
 * 64 wait, 2 per address; RATE_LIMITS=off lifts both caps (searches still run in turn).
 */
const searchGateOf = (config: AppConfig) =>
  new WorkGate({
    running: configuredEngine(config) === 'postgres' ? 2 : 1,
    waiting: config.publicRateLimits ? 64 : null,
    perAddress: config.publicRateLimits ? 2 : null,
  });

/**
 * Public pages of posts with their text (blog.list, GET /api/blog) at once per process, as searches: each reads and
 * renders up to 50 posts on the request thread. With the public limits on, at most 64 wait, and one batch's worth per
 * address (a second batch at once from the same address is refused with 429).
 */
const listGateOf = (config: AppConfig) =>
  new WorkGate({
    running: configuredEngine(config) === 'postgres' ? 2 : 1,
    waiting: config.publicRateLimits ? 64 : null,
    perAddress: config.publicRateLimits ? MAX_CALLS_PER_BATCH : null,
  });

/**
 * Opens, checks and migrates the database, seeding demo content into a newly created one if asked,
 * and fills the search index when it does not match the content.
 */
async function prepareDatabase(config: AppConfig, dataDir: DataDir): Promise<{ db: AppDatabase; created: boolean }> {
  const database = configuredDatabase(config);
  const { db, created } =
    database.engine === 'postgres'
      ? await openPostgresSiteDatabase(database.url)
      : { db: await openSiteDatabase(dataDir), created: dataDir.databaseIsNew };
  try {
    if (created && config.seedDemo) await seedDemoDatabase(db, createUploadStore(db, dataDir.uploadsDir));
    await ensureSearchIndex(db);
    return { db, created };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** What buildApp builds before the HTTP server: the services, and what closing the app must close with them. */
type BuiltServices = {
  services: AppServices;
  mail: NewsletterMailServices;
  postgresBus: PostgresInvalidationBus | null;
  generatedPassword: string | null;
};

/** Builds the site's services on an open database; `log` is the app's logger, once the app exists. */
async function createServices(
  config: AppConfig,
  options: BuildOptions,
  db: AppDatabase,
  uploadsDir: string,
  log: () => FastifyBaseLogger,
): Promise<BuiltServices> {
  // In this process on SQLite; in the database on PostgreSQL, where every instance counts together.
  const { limiters, guesses } = createRateLimits(db, {
    publicLimitsEnabled: config.publicRateLimits,
    log: { warn: (fields, message) => log().warn(fields, message) },
    ...(options.guessClock ? { guessClock: options.guessClock } : {}),
  });
  const auth = new AdminAuth(db, { throttle: guesses });
  const { generatedPassword } = await auth.ensureAdminUser(config.adminPassword);
  const uploads = createUploadStore(db, uploadsDir);
  const mail = await createNewsletterMail(db, config, log, salesFileStoreOf({ db, uploads, uploadsDir }));
  await loadOrCreateSecret(db, BACKUP_SIGNING_SECRET);
  // Instances on one PostgreSQL tell each other of content writes (LISTEN/NOTIFY); one process alone tells nobody.
  const database = configuredDatabase(config);
  const postgresBus = database.engine === 'postgres' ? await PostgresInvalidationBus.start(database.url, log) : null;
  const services: AppServices = {
    db,
    cache: new PublicCache(postgresBus),
    auth,
    limiters,
    searchGate: searchGateOf(config),
    listGate: listGateOf(config),
    publicOrigin: config.publicUrl,
    mailer: mail.mailer,
    newsletterMail: mail.newsletterMail,
    signupChallenge: mail.signupChallenge,
    mailing: mail.mailing,
    backups: new BackupService(config.dataDir, config.backup),
    uploadsDir,
    uploads,
    imageVariants: new QueueSignal(),
    analytics: new PageAnalytics(db, {
      enabled: config.analytics,
      log: { error: (details, message) => log().error(details, message) },
    }),
    senderCheck: new SenderCheck({
      domain: config.mail.from.address.split('@')[1] ?? 'localhost',
      relayHost: config.mail.smtpUrl ? new URL(config.mail.smtpUrl).hostname : null,
      servers: options.dnsServers ?? config.dnsServers ?? undefined,
    }),
    outbound: options.outbound ?? {},
    salesConfig: config.sales,
    commentSessions: new CommentSessions(mail.tokens),
    fediverse: createSiteFederation({
      db,
      publicOrigin: config.publicUrl,
      outbound: options.outbound ?? {},
      log: { error: (details, message) => log().error(details, message) },
      publicChanged: () => services.cache.clear(),
    }),
  };
  return { services, mail, postgresBus, generatedPassword };
}

/** The Fastify instance, with its logger, body limit, proxy trust and router options. */
function createFastify(config: AppConfig, options: BuildOptions): FastifyInstance {
  return Fastify({
    // The request log keeps no token and no client address (request-log.ts, docs/analytics.md).
    logger: options.logger
      ? {
          level: config.logLevel,
          serializers: { req: serializeLoggedRequest },
          ...(options.logStream ? { stream: options.logStream } : {}),
        }
      : false,
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Malformed or over-long URLs are refused by the router itself; answer them as JSON `{ error }` too.
    frameworkErrors: (error, request, reply) => void handleError(error, request, reply),
  });
}

/** `/healthz`: 200 while the database can be written, else 503 naming what fails. */
function registerHealthCheck(app: FastifyInstance, db: AppDatabase): void {
  app.get('/healthz', async (_request, reply) => {
    const { engine, reachable, writable } = await checkDatabaseHealth(db);
    const database = { engine, reachable };
    if (writable) return { status: 'ok', database };
    const error = reachable ? 'The database cannot be written' : 'The database cannot be reached';
    app.log.error(`health check: ${error.toLowerCase()} (${engine})`);
    return reply.status(503).send({ status: 'unavailable', error, database });
  });
}

/** The tRPC API under /trpc: batches capped, a refused batch answered 413, Retry-After on a limit. */
async function registerTrpcApi(app: FastifyInstance, services: AppServices): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createRequestContext(services, req),
      // A batch of more calls is refused whole (400) before any runs; the client's batch link sends as many.
      maxBatchSize: MAX_CALLS_PER_BATCH,
      responseMeta: ({ errors, data, paths }) => {
        const retryAfter = errors.map(retryLaterOf).find((found) => found !== null);
        // An answer, or a batch's answers, over its limit (trpc.ts): the request is told 413, not 207 or 200.
        const tooLarge = errors.some((error) => error.code === 'PAYLOAD_TOO_LARGE');
        if (tooLarge) withholdAnswersOfRefusedBatch(data, paths);
        return {
          ...(tooLarge ? { status: 413 } : {}),
          ...(retryAfter ? { headers: { 'retry-after': String(retryAfter.retryAfterSeconds) } } : {}),
        };
      },
      onError: ({ error, path: procedure }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, procedure }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}

/** The REST routes, the webhooks (mail events, sales), and the pages and files the emails and admin link to. */
async function registerRoutes(
  app: FastifyInstance,
  config: AppConfig,
  options: BuildOptions,
  { services, mail }: BuiltServices,
  noticePageStyles: NoticePageStyles,
): Promise<void> {
  const { db, limiters } = services;
  registerRestRoutes(app, services);
  registerAnalyticsRoutes(app, services, { pageExists: pageExistsChecker(services) });
  registerRedirectLinks(app, services, mail.tokens, noticePageStyles);
  await app.register(mailEventRoutes, {
    db,
    config: config.mailEvents,
    sns: options.snsHttp ?? snsHttp(),
    limiter: limiters.mailEvents,
  });
  await app.register(saleEventRoutes, {
    db,
    config: config.sales,
    siteOrigin: (request) => createRequestContext(services, { ...request, headers: {}, ip: '' }).siteOrigin,
    onQueued: () => services.mailing.queueSignal.notify(),
    onMarketingConsent: (email, origin) => subscribeConsentingBuyer(db, services.newsletterMail, email, origin),
  });
  await registerNewsletterPages(app, services, mail.tokens, noticePageStyles);
  await registerPreorderPages(app, services, mail.tokens, noticePageStyles);
  registerMailImages(app, services);
  await registerReaderPages(app, services, mail.tokens, mail.mailer, noticePageStyles);
  await registerNotMePages(app, services, mail.tokens, noticePageStyles);
  await registerPurchasePages(app, services, mail.tokens, noticePageStyles);
  await registerArcPages(app, services, mail.tokens, noticePageStyles);
  await registerCommentPages(app, services, noticePageStyles);
  registerFollowRedirect(app, services, noticePageStyles);
  registerCsvExports(app, services);
  registerBackupDownload(app, services);
  registerPreviewAccess(app, services);
  await registerUploadRoutes(app, services);
  await registerSalesFiles(app, services);
  await registerImportExport(app, services);
}

/**
 * The site's pages, server-rendered (the production build or Vite's dev middleware; none for API tests), the
 * public forms posted without JavaScript, and the not-found answer: a page, or JSON under /api and /trpc.
 */
async function registerClientPages(
  app: FastifyInstance,
  config: AppConfig,
  services: AppServices,
  clientMode: BuildOptions['client'],
  noticePageStyles: NoticePageStyles,
): Promise<void> {
  let servePage: ClientPageHandler | null = null;
  if (clientMode === 'built' && config.clientDir) {
    // Server-rendered pages are kept in the public cache until the next content write.
    servePage = await serveBuiltClient(app, config.clientDir, services, { noticePageStyles });
  } else if (clientMode === 'vite-dev') {
    servePage = await serveViteDevClient(app, services);
  }
  // The public forms also post without JavaScript; the answer to a refused one is their page.
  if (servePage) await registerFormPosts(app, services, servePage);

  const isPageUrl = (url: string) => !url.startsWith('/api/') && !url.startsWith('/trpc/');
  // Pages are a route (GET and HEAD), not only the not-found handler: the compress plugin hooks into
  // routes, and compresses the pages the public cache does not keep (search and form results).
  const pages = servePage;
  if (pages) app.get('/*', (request, reply) => (isPageUrl(request.url) ? pages(request, reply) : reply.callNotFound()));

  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && isPageUrl(request.url);
    if (isPageRequest && servePage) return servePage(request, reply);
    return reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}

/** Builds the whole server (database, API, uploads, client) without listening on a port. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const dataDir = await prepareDataDir(config.dataDir);
  const { db } = await prepareDatabase(config, dataDir);
  const built = await createServices(config, options, db, dataDir.uploadsDir, () => app.log);
  const { services, mail, postgresBus } = built;
  const app = createFastify(config, options);
  const jobs = siteJobs(config, services, app.log);
  app.addHook('onClose', async () => {
    // First: a run under way (a mail round, a backup) finishes while the database is still open.
    await jobs.stop();
    services.fediverse.close();
    await services.analytics.close();
    await postgresBus?.close();
    await mail.close();
    await db.destroy();
  });
  app.setErrorHandler(handleError);

  registerJsonBodyParser(app);
  registerSecurityHeaders(app);
  // Every cookie the site reads or sets (comment sessions, admin previews, the announcement bar) goes
  // through request.cookies and reply.setCookie: parsed and written here, nowhere by hand.
  await app.register(fastifyCookie);
  registerFediverseRoutes(app, services);
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

  registerHealthCheck(app, db);
  await registerTrpcApi(app, services);
  // The email links' pages link the site's own stylesheets (fonts included) once the client is served.
  const noticePageStyles: NoticePageStyles = { stylesheets: [] };
  await registerRoutes(app, config, options, built, noticePageStyles);
  await registerClientPages(app, config, services, options.client ?? 'none', noticePageStyles);
  return { app, services, jobs, generatedAdminPassword: built.generatedPassword };
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_ENTRY, devClientAssets, readClientAssets } from './client-assets.js';
import { createPageRenderer, type FormResultRender, type RenderedPage } from './page-renderer.js';
import { registerSeoRoutes } from './seo-routes.js';
import type { ClientAssets, SsrEntry } from './types.js';
import type { AppServices } from '../../services.js';
import type { NoticePageStyles } from '../../newsletter/notice-page.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Rendered pages kept in the public cache (per URL, origin and announcement cookie). */
const HTML_CACHE_ENTRIES = 500;

/** Serves a page; with `formResult`, the page of a refused form post instead of the requested one. */
export type ClientPageHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  formResult?: FormResultRender,
) => Promise<unknown>;

/** Where `npm run build` puts the server renderer, next to the client build. */
export function builtSsrEntry(clientDir: string): string {
  return path.join(path.dirname(clientDir), 'ssr', 'entry-server.js');
}

export function builtClientManifest(clientDir: string): string {
  return path.join(clientDir, '.vite', 'manifest.json');
}

export type BuiltClientOptions = {
  /** Filled with the client's stylesheets, for the pages the email links open (notice-page.ts). */
  noticePageStyles?: NoticePageStyles;
};

/**
 * Serves the built client: hashed files under /assets forever-cached (pre-compressed copies
 * preferred), other public files briefly cached, and every page route server-rendered by
 * dist/ssr/entry-server.js, kept in the public cache until the next content write.
 */
export async function serveBuiltClient(
  app: FastifyInstance,
  clientDir: string,
  services: AppServices,
  options: BuiltClientOptions = {},
): Promise<ClientPageHandler> {
  const manifestFile = builtClientManifest(clientDir);
  const entryFile = builtSsrEntry(clientDir);
  for (const file of [manifestFile, entryFile]) {
    if (!existsSync(file)) throw new Error(`The client build is missing (${file}); run npm run build`);
  }
  // The renderer and React read NODE_ENV when first imported: the built site runs in production mode.
  process.env.NODE_ENV ??= 'production';
  const assets = await readClientAssets(manifestFile);
  options.noticePageStyles?.stylesheets.push(...assets.css);
  // The renderer (React, the router, every page: about 70 MB) is loaded by the first page asked
  // for, not at start: /healthz, the API and the assets answer without it.
  let entry: Promise<SsrEntry> | undefined;
  const loadEntry = () => (entry ??= import(pathToFileURL(entryFile).href) as Promise<SsrEntry>);

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    setHeaders: (reply, filePath) => {
      const isHashedAsset = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
      reply.header('cache-control', isHashedAsset ? IMMUTABLE : 'public, max-age=3600');
    },
  });
  registerSeoRoutes(app, services);

  return createPageRenderer({
    services,
    loadEntry,
    assets: async () => assets,
    cache: services.cache.shelf<RenderedPage>(HTML_CACHE_ENTRIES),
    log: app.log,
    noticePageStyles: options.noticePageStyles,
  });
}

/**
 * Development: Vite's dev server (hot reload) as middleware in this same process; each page is
 * rendered by the current src/client/entry-server.tsx (ssrLoadModule), without the HTML cache.
 */
export async function serveViteDevClient(app: FastifyInstance, services: AppServices): Promise<ClientPageHandler> {
  const { createServer } = await import('vite');
  const middie = (await import('@fastify/middie')).default;
  // Hot reload's websocket shares this server's port, so the CSP's connect-src 'self' allows it.
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: 'custom' });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', async () => vite.close());
  registerSeoRoutes(app, services);

  let assets: Promise<ClientAssets> | undefined;
  return createPageRenderer({
    services,
    loadEntry: async () => (await vite.ssrLoadModule('/entry-server.tsx')) as SsrEntry,
    assets: () =>
      (assets ??= vite
        .transformIndexHtml('/', '<!doctype html><html><head></head><body></body></html>')
        .then((html) => devClientAssets(html, `/${CLIENT_ENTRY}`))),
    cache: null,
    log: app.log,
    fixStack: (error) => vite.ssrFixStacktrace(error),
  });
}

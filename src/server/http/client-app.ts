import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export type ClientPageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Serves the built client: hashed files under /assets forever-cached (pre-compressed copies
 * preferred), other public files briefly cached, and index.html for any page route.
 */
export async function serveBuiltClient(app: FastifyInstance, clientDir: string): Promise<ClientPageHandler> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The client build is missing (${indexFile}); run npm run build`);
  const indexHtml = await readFile(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const isHashedAsset = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
      reply.header('cache-control', isHashedAsset ? IMMUTABLE : 'public, max-age=3600');
    },
  });

  return async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
}

/** Development: Vite's dev server (hot reload) as middleware in this same process. */
export async function serveViteDevClient(app: FastifyInstance): Promise<ClientPageHandler> {
  const { createServer } = await import('vite');
  const middie = (await import('@fastify/middie')).default;
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', async () => vite.close());
  return async (request, reply) => {
    const template = await readFile(path.resolve('index.html'), 'utf8');
    const html = await vite.transformIndexHtml(request.url, template);
    return reply.type('text/html; charset=utf-8').send(html);
  };
}

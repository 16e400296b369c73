import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../services.js';
import { siteOrigin } from '../site/http/site-origin.js';
import { isFediverseRequestPath } from './actor-identity.js';
import { pageOfFediverseAddress } from './fediverse-pages.js';

/** An activity is a few kilobytes; an inbox POST larger than this is refused unread. */
const MAX_INBOX_BODY_BYTES = 256 * 1024;

/** The marker of "Fedify has nothing here": Fastify's own routes answer. */
const notFedify = new Response(null, { status: 404 });

class BodyTooLarge extends Error {}

async function readBody(request: FastifyRequest): Promise<Buffer | undefined> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_INBOX_BODY_BYTES) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_INBOX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The request as Fedify's `fetch` takes it: the site's public origin when PUBLIC_URL is set, otherwise the
 * request's own protocol, host and port.
 */
function webRequest(request: FastifyRequest, origin: string, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, String(value));
  }
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: body ? new Uint8Array(body) : null,
  });
}

async function sendResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  response.headers.forEach((value, name) => void reply.header(name, value));
  await reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * Fedify in the site's one Fastify process: requests for WebFinger, NodeInfo and the actor's addresses (/ap/…) go
 * to `federation.fetch` before Fastify parses their body; a browser asking for the actor or a post's ActivityPub
 * address is sent to the About page or the post's page. Every other request never reaches Fedify, which is loaded
 * with the first one that does.
 */
export function registerFediverseRoutes(app: FastifyInstance, services: AppServices): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!isFediverseRequestPath(path)) return;
    let body: Buffer | undefined;
    try {
      body = await readBody(request);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      return reply.status(413).send({ error: `An activity must be at most ${MAX_INBOX_BODY_BYTES} bytes` });
    }
    let fedifyRequest: Request;
    try {
      fedifyRequest = webRequest(request, siteOrigin(services.publicOrigin, request), body);
    } catch {
      return reply.status(400).send({ error: "The request's Host is not a web address" });
    }
    await services.fediverse.rememberOrigin(new URL(fedifyRequest.url).origin);
    const federation = await services.fediverse.federation();
    const response = await federation.fetch(fedifyRequest, {
      contextData: undefined,
      onNotFound: () => notFedify,
      onNotAcceptable: async () =>
        new Response(null, {
          status: 302,
          headers: { location: await pageOfFediverseAddress(services.db, path), vary: 'Accept' },
        }),
    });
    if (response === notFedify) {
      if (request.method === 'GET' || request.method === 'HEAD') return;
      return reply.status(404).send({ error: `Not found: ${request.method} ${path}` });
    }
    return sendResponse(reply, response);
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.js';
import { ifNoneMatchMatches } from '../../site/http/conditional-get.js';

/**
 * Benchmark baselines, registered only by the benchmark's entry (bench-server.ts, see scripts/bench-api.mjs):
 * each reference route answers exactly what its /api route answers (body, content-type, etag,
 * cache-control, 304 on a matching If-None-Match), but from a copy captured in memory, so the
 * difference in requests/s between the two is the cost of the /api path itself. Both run in
 * this same Fastify instance, so both pass through the same plugins (helmet, compress...).
 */
const REFERENCES = [
  { url: '/__bench/reference/books', source: '/api/books' },
  { url: '/__bench/reference/blog', source: '/api/blog' },
] as const;

/** The headers the /api route sets itself; the plugins' headers are added to both anyway. */
const COPIED_HEADERS = ['content-type', 'etag', 'cache-control', 'vary'] as const;

type Captured = { status: number; body: Buffer; headers: Record<string, string>; etag: string | undefined };

export function registerBenchReferenceRoutes(app: FastifyInstance, services: AppServices): void {
  for (const reference of REFERENCES) {
    let captured: Promise<Captured> | null = null;
    // A write clears the public cache; drop the copy too so the next hit captures the new content.
    services.cache.onClear(() => {
      captured = null;
    });

    const capture = async (): Promise<Captured> => {
      // Asked like a benchmark client asks (no Accept-Encoding), so the body is the plain JSON.
      const response = await app.inject({ method: 'GET', url: reference.source });
      const headers: Record<string, string> = {};
      for (const name of COPIED_HEADERS) {
        const value = response.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      return { status: response.statusCode, body: response.rawPayload, headers, etag: headers.etag };
    };

    app.get(reference.url, async (request, reply) => {
      if (!captured) {
        const pending = capture();
        captured = pending;
        pending.catch(() => {
          if (captured === pending) captured = null;
        });
      }
      const { status, body, headers, etag } = await captured;
      reply.headers(headers);
      if (etag !== undefined && ifNoneMatchMatches(request.headers['if-none-match'], etag))
        return reply.status(304).send();
      return reply.status(status).send(body);
    });
  }
}

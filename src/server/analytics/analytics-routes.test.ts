import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppServices } from '../services.js';
import { registerAnalyticsRoutes } from './analytics-routes.js';

describe('registerAnalyticsRoutes', () => {
  it('logs a failed check of the admin’s session (the answer already left)', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
    const services = {
      auth: {
        isLiveSession: () => Promise.reject(new Error('database unreachable')),
      },
    } as unknown as AppServices;
    registerAnalyticsRoutes(app, services, { pageExists: () => Promise.resolve(true) });
    app.get('/api/admin/verify', () => ({ valid: true }));
    try {
      const answer = await app.inject({
        method: 'GET',
        url: '/api/admin/verify',
        headers: { authorization: `Bearer ${'k'.repeat(32)}` },
      });
      expect(answer.statusCode).toBe(200);
      await expect
        .poll(() => lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string } }))
        .toContainEqual(
          expect.objectContaining({
            msg: 'analytics could not check whether the visitor is the admin',
            err: expect.objectContaining({ message: 'database unreachable' }),
          }),
        );
    } finally {
      await app.close();
    }
  });
});

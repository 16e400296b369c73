import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './fixed-window-limiter.js';
import { perAddressLimit } from './per-address-limit.js';
import type { RateLimiter } from './rate-limiter.js';

async function limitedApp(limiter: RateLimiter | null) {
  const app = Fastify();
  let handled = 0;
  const preHandler = perAddressLimit(limiter, (reply) => reply.type('text/html').send('<p>Too many</p>'));
  app.get('/page', { preHandler }, () => {
    handled += 1;
    return 'page';
  });
  return { app, handled: () => handled };
}

describe('perAddressLimit', () => {
  it('lets `limit` requests of an address through, then sends the route’s 429 with Retry-After, the handler unrun', async () => {
    const clock = { now: Date.parse('2026-11-27T12:00:00.000Z') };
    const { app, handled } = await limitedApp(new FixedWindowLimiter(3, 60_000, () => clock.now));
    const get = (remoteAddress: string) => app.inject({ method: 'GET', url: '/page', remoteAddress });
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('10.0.0.1')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toBe('<p>Too many</p>');
    expect(handled()).toBe(3);
    // Another address counts on its own; a HEAD counts as its GET.
    expect((await get('10.0.0.2')).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/page', remoteAddress: '10.0.0.1' })).statusCode).toBe(429);
    await app.close();
  });

  it('limits nobody without a limiter (RATE_LIMITS=off)', async () => {
    const { app, handled } = await limitedApp(null);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/page', remoteAddress: '10.0.0.1' })),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(handled()).toBe(20);
    await app.close();
  });
});

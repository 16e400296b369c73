import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { KeyCheck } from './admin-auth.js';
import {
  ADMIN_KEY_REQUIRED,
  adminPreHandler,
  bearerTokenOf,
  INVALID_ADMIN_KEY,
  TOO_MANY_FAILED_ATTEMPTS,
} from './admin-key.js';

/** A route behind the admin check, in a scope with its own error handler (as the upload routes are). */
async function guardedApp(answer: KeyCheck) {
  const checked: Array<{ key: string; address: string }> = [];
  const app = Fastify();
  let handled = 0;
  await app.register(async (scope) => {
    scope.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
      reply.status(error.statusCode ?? 500).send({ error: 'the scope answered: ' + error.message }),
    );
    const preHandler = adminPreHandler({
      checkKey: (key, address) => {
        checked.push({ key, address });
        return Promise.resolve(answer);
      },
    });
    scope.post('/guarded', { preHandler }, () => {
      handled += 1;
      return { done: true };
    });
  });
  const post = (authorization?: string) =>
    app.inject({
      method: 'POST',
      url: '/guarded',
      remoteAddress: '10.1.2.3',
      headers: authorization ? { authorization } : {},
      payload: { any: 'body' },
    });
  return { app, post, checked, handled: () => handled };
}

describe('adminPreHandler', () => {
  it('refuses a request without a key (401) before the handler, asking nobody', async () => {
    const { app, post, checked, handled } = await guardedApp({ ok: true, identity: { sessionId: 's' } });
    const answer = await post();
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ error: ADMIN_KEY_REQUIRED });
    expect((await post('Basic abc')).json()).toEqual({ error: ADMIN_KEY_REQUIRED });
    expect(checked).toEqual([]);
    expect(handled()).toBe(0);
    await app.close();
  });

  it('refuses a wrong key (401) and a throttled address (429 with Retry-After), as the admin procedures do', async () => {
    const wrong = await guardedApp({ ok: false, reason: 'invalid' });
    const refused = await wrong.post('Bearer wrong-key');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: INVALID_ADMIN_KEY });
    expect(wrong.checked).toEqual([{ key: 'wrong-key', address: '10.1.2.3' }]);
    expect(wrong.handled()).toBe(0);
    await wrong.app.close();

    const throttled = await guardedApp({ ok: false, reason: 'throttled', retryAfterMs: 1_500 });
    const waiting = await throttled.post('Bearer some-key');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('2');
    expect(waiting.json()).toEqual({ error: TOO_MANY_FAILED_ATTEMPTS });
    expect(throttled.handled()).toBe(0);
    await throttled.app.close();
  });

  it('lets a valid key through to the handler', async () => {
    const { app, post, handled } = await guardedApp({ ok: true, identity: { sessionId: 's' } });
    const answer = await post('Bearer  good-key ');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ done: true });
    expect(handled()).toBe(1);
    await app.close();
  });
});

describe('bearerTokenOf', () => {
  it('reads the token of a Bearer header, whatever its case and spaces', () => {
    expect(bearerTokenOf('Bearer abc')).toBe('abc');
    expect(bearerTokenOf('  bearer   abc  ')).toBe('abc');
    expect(bearerTokenOf('Basic abc')).toBeNull();
    expect(bearerTokenOf('Bearer ')).toBeNull();
    expect(bearerTokenOf(undefined)).toBeNull();
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLongPosts } from '../../test-support/long-posts.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { SEARCH_TOO_LONG } from './search-timeout.js';

/**
 * Issue 30, item 7: heavy searches from 50 rotating addresses (each under its own limits), all at
 * once over real sockets. The gate holds: never more searches run at once than it lets through,
 * the rest wait their turn or are refused (429), a search past its database time bound is answered
 * 422 (PostgreSQL), and nothing is a 500. Counts only; `npm run bench:search -- --attack
 * [--postgres]` measures the pages' times under the same attack.
 */
const HEAVY_QUERY = 'the and of a to in was it her th';
const ADDRESSES = 50;
const PER_ADDRESS = 3;

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: 'true', SEARCH_TIMEOUT_MS: '40' });
  await createLongPosts(t.services.db, 300);
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 240_000);
afterAll(async () => {
  await t.close();
});

it(`holds ${ADDRESSES} addresses × ${PER_ADDRESS} heavy searches at once to the gate, with no 500`, async () => {
  const gate = t.services.searchGate;
  const answers = await Promise.all(
    Array.from({ length: ADDRESSES * PER_ADDRESS }, async (_, n) => {
      const res = await fetch(`${baseUrl}/api/search?q=${encodeURIComponent(HEAVY_QUERY)}`, {
        headers: { 'x-forwarded-for': `198.18.${n % ADDRESSES}.9` },
      });
      return { status: res.status, body: await res.text() };
    }),
  );
  const byStatus = new Map<number, number>();
  for (const { status } of answers) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  console.log(`answers: ${[...byStatus].map(([status, count]) => `${status} × ${count}`).join(', ')}`);
  for (const { status, body } of answers) {
    expect([200, 422, 429], body).toContain(status);
    if (status === 422) expect(JSON.parse(body)).toEqual({ error: SEARCH_TOO_LONG });
    if (status === 429) expect(JSON.parse(body)).toHaveProperty('error');
  }
  expect(byStatus.get(200) ?? 0).toBeGreaterThan(0);
  // However many addresses, never more searches at once than the gate lets through.
  expect(gate.peakRunning).toBeGreaterThan(0);
  expect(gate.peakRunning).toBeLessThanOrEqual(gate.concurrency);
  // A reader still gets an answer afterwards.
  const reader = await fetch(`${baseUrl}/api/search?q=quillhaven`, { headers: { 'x-forwarded-for': '203.0.113.1' } });
  expect(reader.status).toBe(200);
});

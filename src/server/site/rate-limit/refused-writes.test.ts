import superjson from 'superjson';
import { MAX_CALLS_PER_BATCH } from '../../../domain/limits.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClientBuild } from '../../test-support/fake-client-build.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { LIMITS } from './request-limits.js';

/**
 * Issue 25, item 3, everywhere a limit answers: a form write refused by the per-address limit
 * stores nothing, whether it came over REST, in a tRPC batch or as a no-JavaScript form post,
 * many at once from many addresses.
 */
let build: Awaited<ReturnType<typeof createFakeClientBuild>>;
let t: TestApp;

beforeAll(async () => {
  build = await createFakeClientBuild();
  t = await createTestApp({ RATE_LIMITS: 'on' }, { clientDir: build.clientDir });
});
afterAll(async () => {
  await t.close();
  await build.remove();
});

const message = (tag: string, n: number) => ({ name: `Reader ${n}`, email: `r${n}@example.com`, message: tag });

const viaRest = (tag: string, n: number, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: message(tag, n), remoteAddress });

const viaForm = (tag: string, n: number, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/contact',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ ...message(tag, n), website: '' }).toString(),
  });

/** One HTTP request carrying `size` contact.send calls. */
const viaBatch = (tag: string, size: number, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: `/trpc/${Array(size).fill('contact.send').join(',')}?batch=1`,
    remoteAddress,
    payload: Object.fromEntries(Array.from({ length: size }, (_, n) => [n, superjson.serialize(message(tag, n))])),
  });

async function stored(tag: string): Promise<number> {
  const rows = await t.services.db.selectFrom('contactSubmissions').select('id').where('message', '=', tag).execute();
  return rows.length;
}

describe('form writes over the limit store nothing', () => {
  it('REST, tRPC batches and form posts together, from 6 addresses in parallel: 10 stored per address', async () => {
    const addresses = Array.from({ length: 6 }, (_, n) => `10.55.${n}.1`);
    const attacks = addresses.map(async (address, index) => {
      const tag = `flood-${index}`;
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, (_, n) => viaRest(tag, n, address)),
        ...Array.from({ length: 8 }, (_, n) => viaForm(tag, n, address)),
        viaBatch(tag, MAX_CALLS_PER_BATCH, address),
        viaBatch(tag, MAX_CALLS_PER_BATCH, address),
      ]);
      return { tag, answers };
    });
    for (const { tag, answers } of await Promise.all(attacks)) {
      const statuses = answers.map((res) => res.statusCode);
      expect(
        statuses.every((status) => [201, 303, 429, 207, 200].includes(status)),
        String(statuses),
      ).toBe(true);
      const batchResults = answers
        .slice(16)
        .flatMap(
          (res) =>
            JSON.parse(res.body) as Array<{ result?: unknown; error?: { json: { data: { httpStatus: number } } } }>,
        );
      const accepted =
        statuses.slice(0, 16).filter((status) => status === 201 || status === 303).length +
        batchResults.filter((answer) => answer.result).length;
      expect(accepted).toBe(LIMITS.formWrite.limit);
      const refusedInBatches = batchResults.filter((answer) => answer.error);
      expect(refusedInBatches.every((answer) => answer.error!.json.data.httpStatus === 429)).toBe(true);
      expect(await stored(tag)).toBe(LIMITS.formWrite.limit);
    }
  });

  it('newsletter sign-ups in parallel tRPC batches past the limit store no subscription', async () => {
    const tag = `batch-${Date.now()}`;
    // Four calls of newsletter.subscribe fill the path's 100 characters: five batches of four, at once.
    const batch = (first: number) =>
      t.app.inject({
        method: 'POST',
        url: `/trpc/${Array(4).fill('newsletter.subscribe').join(',')}?batch=1`,
        remoteAddress: '10.55.99.1',
        payload: Object.fromEntries(
          Array.from({ length: 4 }, (_, n) => [n, superjson.serialize({ email: `${tag}-${first + n}@example.org` })]),
        ),
      });
    const responses = await Promise.all(Array.from({ length: 5 }, (_, n) => batch(n * 4)));
    const answers = responses.flatMap((res) => JSON.parse(res.body) as Array<{ result?: unknown; error?: unknown }>);
    expect(answers).toHaveLength(20);
    expect(answers.filter((answer) => answer.result)).toHaveLength(LIMITS.formWrite.limit);
    const rows = await t.services.db
      .selectFrom('newsletterSubscriptions')
      .select('email')
      .where('email', 'like', `${tag}-%`)
      .execute();
    expect(rows).toHaveLength(LIMITS.formWrite.limit);
  });
});

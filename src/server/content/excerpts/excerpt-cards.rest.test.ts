import superjson from 'superjson';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_CURSOR } from '../../../domain/paging.js';
import { ANSWER_TOO_LARGE } from '../../trpc/trpc.js';
import { useTestApp } from '../../test-support/app-context.js';
import { createVia, expectError, getList } from '../../test-support/http.js';
import { validBook } from '../../test-support/test-app.js';

const context = useTestApp();
const EXCERPTS = 60;
/** About 60 KB of text an excerpt (and as much HTML): 3.6 MB of text in all, over the 2 MiB one request's answers may weigh. */
const LONG_TEXT = 'The bells rang over the ash. '.repeat(2_100);

type TrpcAnswer = {
  result?: { data: Parameters<typeof superjson.deserialize>[0] };
  error?: { json: { message: string } };
};

/** One tRPC GET batch, as a page's prefetch asks for it (each call with no input but the first). */
async function batch(calls: [procedure: string, input?: unknown][]) {
  const input = Object.fromEntries(
    calls.map(([, value], n) => [n, value === undefined ? undefined : superjson.serialize(value)]),
  );
  const res = await context.t.app.inject({
    method: 'GET',
    url: `/trpc/${calls.map(([name]) => name).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
  });
  return { status: res.statusCode, body: res.body, answers: () => res.json<TrpcAnswer[]>() };
}

let slug = '';

describe('excerpt cards: the site’s lists of excerpts without their text (issue 30)', () => {
  beforeAll(async () => {
    const book = await createVia<{ id: string; slug: string }>(context.t.app, '/api/books', context.token, validBook);
    slug = book.slug;
    const rows = Array.from({ length: EXCERPTS }, (_, n) => ({
      id: `long-${String(n).padStart(2, '0')}`,
      slug: `long-excerpt-${n}`,
      bookId: book.id,
      title: `Long excerpt ${n}`,
      description: `What happens in part ${n}.`,
      content: LONG_TEXT,
      readTime: '40 min',
      spoilerLevel: 'none',
      contentFormat: 'markdown',
      position: n + 1,
    }));
    await context.t.services.db.insertInto('excerpts').values(rows).execute();
    context.t.services.cache.clear();
  });

  // The calls each page's prefetch makes in one server render (src/client/pages/*Page.tsx), which share the
  // request's answer budget (2 MiB).
  const pages: Record<string, () => [string, unknown?][]> = {
    '/books': () => [['books.list'], ['series.list'], ['excerpts.cards']],
    '/books/<slug>': () => [['books.bySlug', { slug }], ['books.list'], ['excerpts.cards'], ['art.list']],
    '/excerpts': () => [['books.list'], ['excerpts.cards']],
  };

  it.each(Object.keys(pages))('%s: its calls answer 200 together with 60 excerpts of 60 KB', async (page) => {
    const answer = await batch(pages[page]!());
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    const cards = superjson.deserialize<Record<string, unknown>[]>(
      answer.answers().find((_, n) => pages[page]!()[n]![0] === 'excerpts.cards')!.result!.data,
    );
    expect(answer.body.length).toBeLessThan(200_000);
    expect(Array.isArray(cards)).toBe(true);
  });

  it('cards carry every excerpt in the site’s order, with a preview and no text', async () => {
    const answer = await batch([['excerpts.cards']]);
    const cards = superjson.deserialize<Record<string, unknown>[]>(answer.answers()[0]!.result!.data);
    expect(cards.map((card) => card.title)).toEqual(Array.from({ length: EXCERPTS }, (_, n) => `Long excerpt ${n}`));
    expect(Object.keys(cards[0]!).sort()).toEqual(
      ['bookId', 'description', 'id', 'position', 'preview', 'readTime', 'slug', 'spoilerLevel', 'title'].sort(),
    );
    expect(String(cards[0]!.preview).length).toBeLessThanOrEqual(203);
  });

  it('the whole list with its text would not fit one page’s request: what the pages read before', async () => {
    const answer = await batch([['books.list'], ['excerpts.list']]);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(ANSWER_TOO_LARGE);
  });

  it('cards are paged as the other lists: limit, cursor, 400 for a bad one', async () => {
    const first = await batch([['excerpts.cards', { limit: 25 }]]);
    const page = superjson.deserialize<{ id: string }[]>(first.answers()[0]!.result!.data);
    expect(page).toHaveLength(25);
    const next = await batch([['excerpts.cards', { limit: 50, cursor: page.at(-1)!.id }]]);
    expect(superjson.deserialize<{ id: string }[]>(next.answers()[0]!.result!.data)).toHaveLength(EXCERPTS - 25);
    const unknown = await batch([['excerpts.cards', { cursor: 'no-such-excerpt' }]]);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain(UNKNOWN_CURSOR);
    const tooMany = await batch([['excerpts.cards', { limit: 201 }]]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toContain('limit must be at most 200');
  });

  it('GET /api/excerpts keeps its documented answer, with the text, a page at a time', async () => {
    const seen: { id: string; content: string }[] = [];
    for (let n = 0; n < 20 && seen.length < EXCERPTS; n++) {
      const cursor = seen.length ? `&cursor=${seen.at(-1)!.id}` : '';
      seen.push(...(await getList<{ id: string; content: string }>(context.t.app, `/api/excerpts?limit=5${cursor}`)));
    }
    expect(seen).toHaveLength(EXCERPTS);
    expect(seen.every((excerpt) => excerpt.content === LONG_TEXT)).toBe(true);
    // The default page (200) of such long excerpts is refused with a clear message, not a crash.
    expectError(await context.t.app.inject({ method: 'GET', url: '/api/excerpts' }), 413, ANSWER_TOO_LARGE);
  });

  it('an excerpt’s own page reads that one excerpt, with its text', async () => {
    const answer = await batch([['excerpts.byId', { id: 'long-07' }]]);
    expect(answer.status).toBe(200);
    expect(superjson.deserialize<{ content: string }>(answer.answers()[0]!.result!.data).content).toBe(LONG_TEXT);
  });
});

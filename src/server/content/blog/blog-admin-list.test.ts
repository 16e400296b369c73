import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE, BAD_CURSOR } from '../../../domain/admin-lists.schema.js';
import { expectTRPCError, useCallers } from '../../test-support/trpc.js';

const context = useCallers();
const POSTS = 240;
const STATES = ['published', 'draft', 'scheduled'] as const;

/** Posts in every state written straight into the database (as an import leaves them), newest first by number. */
async function seedPosts(): Promise<void> {
  const rows = Array.from({ length: POSTS }, (_, n) => ({
    id: `admin-${String(n).padStart(3, '0')}`,
    title: n % 10 === 0 ? `Ember_Notes ${n}` : `Post ${n}`,
    summary: `Summary ${n}`,
    content: 'The text of a post. '.repeat(500),
    category: 'announcements',
    coverImage: '',
    status: STATES[n % 3],
    // Every two posts share a time: the id decides between them.
    publishedAt: new Date(Date.UTC(2030, 0, 1) - Math.floor(n / 2) * 60_000).toISOString(),
    slug: `admin-post-${n}`,
  }));
  await context.t.services.db.insertInto('blogPosts').values(rows).execute();
}

type AdminListInput = Parameters<typeof context.admin.blog.adminList>[0];

/** Every page of the admin list for `input`, following nextCursor. */
async function allPages(input: AdminListInput) {
  const pages = [];
  let cursor: string | null = null;
  for (let n = 0; n < 20; n++) {
    const page: Awaited<ReturnType<typeof context.admin.blog.adminList>> = await context.admin.blog.adminList({
      ...input,
      cursor,
    });
    pages.push(page);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return pages;
}

describe('blog.adminList answers a page at a time, with a title search (issue 30)', () => {
  beforeAll(seedPosts);

  it('answers 100 cards by default, without text, and the cursor walks every post once, newest first', async () => {
    const first = await context.admin.blog.adminList();
    expect(first.items).toHaveLength(ADMIN_PAGE.defaultLimit);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.items.every((post) => !('content' in post))).toBe(true);

    const pages = await allPages({ limit: 70 });
    expect(pages.map((page) => page.items.length)).toEqual([70, 70, 70, 30]);
    const ids = pages.flatMap((page) => page.items.map((post) => post.id));
    expect(new Set(ids).size).toBe(POSTS);
    const times = pages.flatMap((page) => page.items.map((post) => post.publishedAt.getTime()));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(pages.flatMap((page) => page.items.map((post) => post.status)))).toEqual(new Set(STATES));
  });

  it('search keeps the posts whose title contains the text, in any case, with % and _ taken literally', async () => {
    const pages = await allPages({ limit: 10, search: 'ember_notes' });
    const titles = pages.flatMap((page) => page.items.map((post) => post.title));
    expect(titles).toHaveLength(POSTS / 10);
    expect(titles.every((title) => title.startsWith('Ember_Notes'))).toBe(true);
    expect((await context.admin.blog.adminList({ search: 'ember%notes' })).items).toEqual([]);
    expect((await context.admin.blog.adminList({ search: 'Post _' })).items).toEqual([]);
  });

  it('refuses a cursor it never gave, a limit out of range and a search too long; a visitor is refused', async () => {
    for (const cursor of ['nope', Buffer.from('[1,2]').toString('base64url'), 'x'.repeat(301)])
      await expectTRPCError(context.admin.blog.adminList({ cursor }), 'BAD_REQUEST', BAD_CURSOR);
    await expectTRPCError(
      context.admin.blog.adminList({ limit: ADMIN_PAGE.maxLimit + 1 }),
      'BAD_REQUEST',
      `Limit must be at most ${ADMIN_PAGE.maxLimit}`,
    );
    await expectTRPCError(context.admin.blog.adminList({ limit: 1.5 }), 'BAD_REQUEST', 'Limit must be a whole number');
    await expectTRPCError(context.admin.blog.adminList({ search: 'x'.repeat(201) }), 'BAD_REQUEST');
    await expectTRPCError(context.visitor.blog.adminList(), 'UNAUTHORIZED');
  });
});

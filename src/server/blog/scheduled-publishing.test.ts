import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { blogPostInputSchema } from '../../domain/blog.schema.js';
import { createBlogPost, listAllPosts, updateBlogPost } from '../repositories/blog-posts.js';
import { createTestApp, validBlogPost, type TestApp } from '../test-support/test-app.js';
import { startScheduledPublishing } from './scheduled-publishing.js';

const MINUTE = 60_000;
const START = new Date('2030-03-01T08:00:00.000Z');

describe('scheduled publishing (fake clock)', () => {
  let t: TestApp;
  let stop: (() => void) | undefined;
  const log = { info: vi.fn(), error: vi.fn() };
  const clock = { now: () => new Date(Date.now()) };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
    await t.services.db.deleteFrom('blogPosts').execute();
    t.services.cache.clear();
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    log.info.mockClear();
    vi.useRealTimers();
  });

  /** Writes as the admin's procedures do: the repository, then the cache cleared. */
  const write = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    t.services.cache.clear();
    return result;
  };
  const postData = (title: string, changes: object = {}) =>
    blogPostInputSchema.parse({ ...validBlogPost, title, ...changes });
  const schedule = (title: string, at: Date) =>
    write(
      createBlogPost(
        t.services.db,
        postData(title, { status: 'scheduled', publishAt: at.toISOString() }),
        undefined,
        clock.now(),
      ),
    );
  const publicTitles = async () => (await t.publicCaller().blog.list()).map((post) => post.title);
  const start = () => {
    stop = startScheduledPublishing({ db: t.services.db, cache: t.services.cache, log, clock });
  };

  it('publishes a post at its time, clearing the caches, with no write and no restart', async () => {
    await schedule('At nine', new Date(START.getTime() + 60 * MINUTE));
    start();
    await vi.advanceTimersByTimeAsync(0);
    // The public list is read (and cached) before the time.
    expect(await publicTitles()).toEqual([]);
    const cleared = vi.fn();
    t.services.cache.onClear(cleared);

    await vi.advanceTimersByTimeAsync(59 * MINUTE);
    expect(await publicTitles()).toEqual([]);
    expect(cleared).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(cleared).toHaveBeenCalled();
    expect(await publicTitles()).toEqual(['At nine']);
    const [post] = await t.publicCaller().blog.list();
    expect(post).toMatchObject({ status: 'published', publishedAt: new Date(START.getTime() + 60 * MINUTE) });
  });

  it('publishes at start the posts whose time passed while the server was down', async () => {
    await schedule('Missed', new Date(START.getTime() + MINUTE));
    await schedule('Still ahead', new Date(START.getTime() + 30 * MINUTE));
    vi.setSystemTime(START.getTime() + 10 * MINUTE);
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(await publicTitles()).toEqual(['Missed']);
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(await publicTitles()).toEqual(['Still ahead', 'Missed']);
  });

  it('follows posts scheduled, moved or unscheduled after it started', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    const late = await schedule('Moved earlier', new Date(START.getTime() + 120 * MINUTE));
    const cancelled = await schedule('Back to draft', new Date(START.getTime() + 5 * MINUTE));
    const moved = new Date(START.getTime() + 10 * MINUTE).toISOString();
    await write(
      updateBlogPost(
        t.services.db,
        late.id,
        postData('Moved earlier', { status: 'scheduled', publishAt: moved }),
        clock.now(),
      ),
    );
    await write(
      updateBlogPost(t.services.db, cancelled.id, postData('Back to draft', { status: 'draft' }), clock.now()),
    );
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(await publicTitles()).toEqual(['Moved earlier']);
    await vi.advanceTimersByTimeAsync(240 * MINUTE);
    expect(await publicTitles()).toEqual(['Moved earlier']);
  });

  it('publishes several posts due at the same moment together, and one far ahead in steps', async () => {
    const at = new Date(START.getTime() + 5 * MINUTE);
    await schedule('Twin one', at);
    await schedule('Twin two', at);
    // Further than one setTimeout can wait (~24.8 days).
    await schedule('Next season', new Date(START.getTime() + 40 * 24 * 60 * MINUTE));
    start();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect((await publicTitles()).sort()).toEqual(['Twin one', 'Twin two']);
    await vi.advanceTimersByTimeAsync(30 * 24 * 60 * MINUTE);
    expect(await publicTitles()).not.toContain('Next season');
    await vi.advanceTimersByTimeAsync(10 * 24 * 60 * MINUTE);
    expect(await publicTitles()).toContain('Next season');
  });

  it('does nothing once stopped', async () => {
    await schedule('Never', new Date(START.getTime() + MINUTE));
    start();
    await vi.advanceTimersByTimeAsync(0);
    stop?.();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(await publicTitles()).toEqual([]);
  });

  it('never touches drafts or published posts', async () => {
    await write(createBlogPost(t.services.db, postData('Draft', { status: 'draft' }), undefined, clock.now()));
    await write(createBlogPost(t.services.db, postData('Out', { status: 'published' }), undefined, clock.now()));
    start();
    await vi.advanceTimersByTimeAsync(365 * 24 * 60 * MINUTE);
    const all = await listAllPosts(t.services.db);
    expect(all.map((post) => post.status).sort()).toEqual(['draft', 'published']);
    expect(log.info).not.toHaveBeenCalledWith(expect.stringContaining('published'));
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobRunner } from '../../operations/jobs/job-runner.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { createTestApp, validBlogPost, type TestApp } from '../../test-support/test-app.js';
import { scheduledPublishingJob } from './scheduled-publishing.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START = new Date('2030-03-01T08:00:00.000Z');

/**
 * The job as the site runs it (on a JobRunner), posts written through the admin's procedures, a
 * fake clock. After each step of the clock the runner is let finish its run (`idle`): on
 * PostgreSQL a query answers over a socket, after the fake timers have moved on.
 */
describe('scheduled publishing (fake clock)', () => {
  let t: TestApp;
  let runner: JobRunner | undefined;
  const log = { info: vi.fn(), error: vi.fn() };

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
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    log.info.mockClear();
    log.error.mockClear();
    vi.useRealTimers();
  });

  /** The admin, signed in at the (fake) present. */
  const admin = async () => t.callerWithKey(await openAdminSession(t.services));
  const postData = (title: string, changes: object = {}) => ({ ...validBlogPost, title, ...changes });
  const schedule = async (title: string, at: Date) =>
    (await admin()).blog.create(postData(title, { status: 'scheduled', publishAt: at.toISOString() }));
  const publicTitles = async () => (await t.publicCaller().blog.list()).map((post) => post.title);
  const start = () => {
    runner = new JobRunner([scheduledPublishingJob({ db: t.services.db, cache: t.services.cache, log })], {
      log,
      db: t.services.db,
    });
    runner.start();
  };
  /** Moves the clock on and lets the job finish what that started. */
  const advance = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
    await runner?.idle();
  };

  it('publishes a post at its time, clearing the caches, with no write and no restart', async () => {
    await schedule('At nine', new Date(START.getTime() + 60 * MINUTE));
    start();
    await advance(0);
    // The public list is read (and cached) before the time.
    expect(await publicTitles()).toEqual([]);
    const cleared = vi.fn();
    t.services.cache.onClear(cleared);

    await advance(59 * MINUTE);
    expect(await publicTitles()).toEqual([]);
    expect(cleared).not.toHaveBeenCalled();

    await advance(MINUTE);
    expect(cleared).toHaveBeenCalled();
    expect(await publicTitles()).toEqual(['At nine']);
    const [post] = await t.publicCaller().blog.list();
    expect(post).toMatchObject({ status: 'published', publishedAt: new Date(START.getTime() + 60 * MINUTE) });
    expect(log.info).toHaveBeenCalledWith('scheduled posts: 1 published');
    expect(log.error).not.toHaveBeenCalled();
  });

  it('publishes at start the posts whose time passed while the server was down', async () => {
    await schedule('Missed', new Date(START.getTime() + MINUTE));
    await schedule('Still ahead', new Date(START.getTime() + 30 * MINUTE));
    vi.setSystemTime(START.getTime() + 10 * MINUTE);
    start();
    await advance(0);
    expect(await publicTitles()).toEqual(['Missed']);
    await advance(20 * MINUTE);
    expect(await publicTitles()).toEqual(['Still ahead', 'Missed']);
  });

  it('follows posts scheduled, moved or unscheduled in the admin after it started', async () => {
    start();
    await advance(0);
    const late = await schedule('Moved earlier', new Date(START.getTime() + 120 * MINUTE));
    const cancelled = await schedule('Back to draft', new Date(START.getTime() + 5 * MINUTE));
    const moved = new Date(START.getTime() + 10 * MINUTE).toISOString();
    await (
      await admin()
    ).blog.update({ id: late.id, data: postData('Moved earlier', { status: 'scheduled', publishAt: moved }) });
    await (await admin()).blog.update({ id: cancelled.id, data: postData('Back to draft', { status: 'draft' }) });
    await runner?.idle();
    await advance(10 * MINUTE);
    expect(await publicTitles()).toEqual(['Moved earlier']);
    await advance(240 * MINUTE);
    expect(await publicTitles()).toEqual(['Moved earlier']);
    const all = (await (await admin()).blog.adminList()).items;
    expect(all.map((post) => [post.title, post.status]).sort()).toEqual([
      ['Back to draft', 'draft'],
      ['Moved earlier', 'published'],
    ]);
  });

  it('publishes several posts due at the same moment together, and one far ahead in steps', async () => {
    const at = new Date(START.getTime() + 5 * MINUTE);
    await schedule('Twin one', at);
    await schedule('Twin two', at);
    // Further than one setTimeout can wait (~24.8 days).
    await schedule('Next season', new Date(START.getTime() + 40 * DAY));
    start();
    await advance(5 * MINUTE);
    expect((await publicTitles()).sort()).toEqual(['Twin one', 'Twin two']);
    await advance(30 * DAY);
    expect(await publicTitles()).not.toContain('Next season');
    await advance(10 * DAY);
    expect(await publicTitles()).toContain('Next season');
  });

  it('does nothing once stopped', async () => {
    await schedule('Never', new Date(START.getTime() + MINUTE));
    start();
    await advance(0);
    await runner?.stop();
    await advance(10 * MINUTE);
    expect(await publicTitles()).toEqual([]);
  });

  it('never touches drafts or published posts', async () => {
    await (await admin()).blog.create(postData('Draft', { status: 'draft' }));
    await (await admin()).blog.create(postData('Out', { status: 'published' }));
    start();
    await advance(365 * DAY);
    const all = (await (await admin()).blog.adminList()).items;
    expect(all.map((post) => post.status).sort()).toEqual(['draft', 'published']);
    expect(log.info).not.toHaveBeenCalled();
  });
});

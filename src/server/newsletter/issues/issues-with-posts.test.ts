import superjson from 'superjson';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduledPublishingJob } from '../../content/blog/scheduled-publishing.js';
import { newId, timestampNow } from '../../db/row-conversion.js';
import { JobRunner } from '../../operations/jobs/job-runner.js';
import { bearer } from '../../test-support/http.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { createTestApp, validBlogPost, type TestApp } from '../../test-support/test-app.js';
import { expectTRPCError } from '../../test-support/trpc.js';
import { issuesWithPostsJob } from './issues-with-posts-job.js';

const MINUTE = 60_000;
const START = new Date('2030-03-01T08:00:00.000Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * MINUTE);

/**
 * An issue sent together with a scheduled post: both jobs on one JobRunner as the site runs them, the admin's
 * procedures, a fake clock (see scheduled-publishing.test.ts).
 */
describe('an issue sent with a scheduled post (fake clock)', () => {
  let t: TestApp;
  let runner: JobRunner | undefined;
  const log = { info: vi.fn(), error: vi.fn() };

  beforeAll(async () => {
    t = await createTestApp();
    const now = timestampNow();
    await t.services.db
      .insertInto('newsletterSubscriptions')
      .values(
        ['one@example.com', 'two@example.com', 'unconfirmed@example.com'].map((email) => ({
          id: newId(),
          email,
          isActive: 1,
          createdAt: now,
          confirmedAt: email.startsWith('unconfirmed') ? null : now,
          confirmationNonce: null,
          confirmationSentAt: null,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
    await t.services.db.deleteFrom('mailQueue').execute();
    await t.services.db.deleteFrom('newsletterIssues').execute();
    await t.services.db.deleteFrom('blogPosts').execute();
    t.services.cache.clear();
  });
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    log.info.mockClear();
    vi.useRealTimers();
  });

  const admin = async () => t.callerWithKey(await openAdminSession(t.services));
  const postData = (title: string, changes: object = {}) => ({ ...validBlogPost, title, ...changes });
  const schedulePost = async (title: string, when: Date) =>
    (await admin()).blog.create(postData(title, { status: 'scheduled', publishAt: when.toISOString() }));
  const movePost = async (id: string, title: string, changes: object) =>
    (await admin()).blog.update({ id, data: postData(title, changes) });
  const issueFor = async (postId: string | null) =>
    (await admin()).mail.saveDraft({
      subject: 'Out now',
      preheader: '',
      body: 'Read it.',
      ...(postId ? { postId } : {}),
    });
  const queued = async () =>
    (await t.services.db.selectFrom('mailQueue').select(['mailingId', 'email']).orderBy('email').execute()).map(
      (row) => row.email,
    );
  const start = () => {
    const { db, cache } = t.services;
    runner = new JobRunner([scheduledPublishingJob({ db, cache, log }), issuesWithPostsJob({ db, cache, log })], {
      log,
      db,
    });
    runner.start();
  };
  const advance = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
    await runner?.idle();
  };

  it('goes out when its post is published, to the confirmed readers then, and the composer and list say when', async () => {
    const post = await schedulePost('At nine', at(60));
    const issue = await issueFor(post.id);
    const scheduled = await (await admin()).mail.scheduleWithPost({ id: issue.id });
    expect(scheduled).toMatchObject({ status: 'draft', scheduledFor: at(60), postId: post.id });
    const listed = (await (await admin()).mail.issues({ limit: 50 })).items;
    expect(listed.find((row) => row.id === issue.id)?.scheduledFor).toEqual(at(60));
    start();
    await advance(59 * MINUTE);
    expect(await queued()).toEqual([]);
    expect((await (await admin()).mail.issue({ id: issue.id })).status).toBe('draft');

    await advance(MINUTE);
    expect(await queued()).toEqual(['one@example.com', 'two@example.com']);
    const sent = await (await admin()).mail.issue({ id: issue.id });
    expect(sent).toMatchObject({ scheduledFor: null, sentAt: at(60) });
    expect(sent.status).not.toBe('draft');
    // Once out, nothing sends it again, and it can no longer be scheduled.
    await advance(60 * MINUTE);
    expect(await queued()).toHaveLength(2);
    await expectTRPCError((await admin()).mail.scheduleWithPost({ id: issue.id }), 'CONFLICT', 'This issue was sent');
  });

  it('moves with its post when the post is rescheduled, to the audience chosen', async () => {
    const post = await schedulePost('Moved', at(10));
    const issue = await issueFor(post.id);
    await (await admin()).mail.scheduleWithPost({ id: issue.id, audience: { kind: 'new-releases' } });
    start();
    await movePost(post.id, 'Moved', { status: 'scheduled', publishAt: at(90).toISOString() });
    expect((await (await admin()).mail.issue({ id: issue.id })).scheduledFor).toEqual(at(90));
    await advance(30 * MINUTE);
    expect((await (await admin()).mail.issue({ id: issue.id })).status).toBe('draft');
    await advance(60 * MINUTE);
    const sent = await (await admin()).mail.issue({ id: issue.id });
    expect(sent).toMatchObject({ sentAt: at(90), audience: { kind: 'new-releases' } });
  });

  it('is a plain draft again when its post goes back to a draft or is deleted: publishing it later sends nothing', async () => {
    const cancelled = await schedulePost('Cancelled', at(10));
    const deleted = await schedulePost('Deleted', at(10));
    const first = await issueFor(cancelled.id);
    const second = await issueFor(deleted.id);
    await (await admin()).mail.scheduleWithPost({ id: first.id });
    await (await admin()).mail.scheduleWithPost({ id: second.id });
    start();
    await movePost(cancelled.id, 'Cancelled', { status: 'draft' });
    await (await admin()).blog.delete({ id: deleted.id });
    await advance(0);
    expect((await (await admin()).mail.issue({ id: first.id })).scheduledFor).toBeNull();
    expect((await (await admin()).mail.issue({ id: second.id })).scheduledFor).toBeNull();
    const released = await t.services.db
      .selectFrom('newsletterIssues')
      .select('id')
      .where('sendWithPost', '=', 1)
      .execute();
    expect(released).toEqual([]);
    await movePost(cancelled.id, 'Cancelled', { status: 'published' });
    await advance(20 * MINUTE);
    expect(await queued()).toEqual([]);
    expect((await (await admin()).mail.issue({ id: first.id })).status).toBe('draft');
    // Unscheduled by hand: the post goes out alone.
    const alone = await schedulePost('Alone', at(40));
    const third = await issueFor(alone.id);
    await (await admin()).mail.scheduleWithPost({ id: third.id });
    expect(await (await admin()).mail.unscheduleWithPost({ id: third.id })).toMatchObject({ scheduledFor: null });
    await advance(30 * MINUTE);
    expect(await queued()).toEqual([]);
  });

  it('is refused, changing nothing, for an issue with no post, a post not scheduled, or no such issue', async () => {
    const caller = await admin();
    const loose = await issueFor(null);
    await expectTRPCError(caller.mail.scheduleWithPost({ id: loose.id }), 'PRECONDITION_FAILED', /sends no post/);
    const published = await caller.blog.create(postData('Already out', { status: 'published' }));
    const late = await issueFor(published.id);
    await expectTRPCError(caller.mail.scheduleWithPost({ id: late.id }), 'PRECONDITION_FAILED', /not scheduled/);
    await expectTRPCError(caller.mail.scheduleWithPost({ id: newId() }), 'NOT_FOUND');
    await expectTRPCError(caller.mail.unscheduleWithPost({ id: late.id }), 'CONFLICT', /not set to go out/);
    expect((await caller.mail.issue({ id: late.id })).scheduledFor).toBeNull();
  });

  it('over HTTP: a visitor is refused, bad input is a 400, and neither schedules anything', async () => {
    vi.useRealTimers();
    const post = await schedulePost('Guarded', at(600));
    const issue = await issueFor(post.id);
    const call = (input: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/mail.scheduleWithPost',
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(superjson.serialize(input)),
      });
    const token = await openAdminSession(t.services);
    expect((await call({ id: issue.id })).statusCode).toBe(401);
    expect((await call({ id: issue.id, audience: { kind: 'series' } }, bearer(token))).statusCode).toBe(400);
    expect((await call({ id: 'x'.repeat(5000) }, bearer(token))).statusCode).toBe(400);
    expect((await (await admin()).mail.issue({ id: issue.id })).scheduledFor).toBeNull();
    expect((await call({ id: issue.id }, bearer(token))).statusCode).toBe(200);
    expect((await (await admin()).mail.issue({ id: issue.id })).scheduledFor).toEqual(at(600));
  });
});

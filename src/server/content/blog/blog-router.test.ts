import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { COVER_IMAGE_MESSAGE } from '../../../domain/images.js';
import { describeContentRouter } from '../../test-support/content-router-contract.js';
import { validBlogPost } from '../../test-support/test-app.js';
import { expectTRPCError, useCallers } from '../../test-support/trpc.js';

const context = useCallers();

describeContentRouter(context, {
  name: 'Blog post',
  pick: (caller) => caller.blog as never,
  validInput: () => ({ ...validBlogPost }),
  changes: { title: 'Edited', category: 'behind-scenes' },
  invalid: [
    [{ summary: '' }, 'Summary is required'],
    [{ category: 'news' }, 'Category must be one of: announcements, behind-scenes, soundtracks'],
    [{ coverImage: 'ftp://example.com/x.png' }, COVER_IMAGE_MESSAGE],
  ],
});

describe('blog router rules', () => {
  it('stamps publishedAt as a Date and keeps it on update', async () => {
    // A fake clock a minute apart: create and update must never share a millisecond.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const createdAt = new Date();
    vi.setSystemTime(createdAt);
    const created = await context.admin.blog.create({ ...validBlogPost });
    expect(created.publishedAt).toBeInstanceOf(Date);
    expect(created.publishedAt).toEqual(createdAt);
    vi.setSystemTime(createdAt.getTime() + 60_000);
    const updated = await context.admin.blog.update({
      id: created.id,
      data: { ...validBlogPost, title: 'Later edit' },
    });
    expect(updated.publishedAt).toEqual(created.publishedAt);
  });

  it('filters by category and refuses an unknown one', async () => {
    await context.admin.blog.create({ ...validBlogPost, category: 'soundtracks' });
    const soundtracks = await context.visitor.blog.list({ category: 'soundtracks' });
    expect(soundtracks.length).toBeGreaterThan(0);
    expect(soundtracks.every((post) => post.category === 'soundtracks')).toBe(true);
    await expectTRPCError(
      context.visitor.blog.list({ category: 'all' } as never),
      'BAD_REQUEST',
      'Category must be one of: announcements, behind-scenes, soundtracks',
    );
  });

  it('lists newest first', async () => {
    const dates = (await context.visitor.blog.list()).map((post) => post.publishedAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('gives the list pages the same posts as cards, without their text', async () => {
    await context.admin.blog.create({ ...validBlogPost, category: 'soundtracks' });
    const posts = await context.visitor.blog.list({ category: 'soundtracks' });
    const { items: cards } = await context.visitor.blog.cards({ category: 'soundtracks' });
    expect(cards.map((card) => card.id)).toEqual(posts.map((post) => post.id));
    expect(cards[0]).toMatchObject({ title: posts[0]!.title, summary: posts[0]!.summary, slug: posts[0]!.slug });
    expect(cards.every((card) => !('content' in card) && !('contentHtml' in card))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_TAG_LABEL, MAX_TAGS_PER_POST } from '../../../domain/blog.js';
import { useTestApp } from '../../test-support/app-context.js';
import { bearer, createVia, expectError, getList, type InjectOptions } from '../../test-support/http.js';
import { validBlogPost } from '../../test-support/test-app.js';

type Tag = { slug: string; label: string };
type Post = { id: string; title: string; tags: Tag[] };

const context = useTestApp();

describe('blog tags', () => {
  const inject = (options: InjectOptions) => context.t.app.inject(options);
  const write = (payload: object) =>
    createVia<Post>(context.t.app, '/api/blog', context.token, { ...validBlogPost, ...payload });
  const titlesTagged = async (tag: string) =>
    (await getList<Post>(context.t.app, `/api/blog?tag=${tag}&limit=50`)).map((post) => post.title);

  it('are many per post, in order, one tag per slug, and filter the list', async () => {
    const post = await write({ title: 'Tagged', tags: ['Ash Crown', 'Maps', 'ash crown', '  Maps '] });
    expect(post.tags).toEqual([
      { slug: 'ash-crown', label: 'Ash Crown' },
      { slug: 'maps', label: 'Maps' },
    ]);
    await write({ title: 'Also maps', tags: ['MAPS'] });
    await write({ title: 'Untagged' });
    expect(await titlesTagged('maps')).toEqual(['Also maps', 'Tagged']);
    expect(await titlesTagged('ash-crown')).toEqual(['Tagged']);
    expect(await titlesTagged('no-such-tag')).toEqual([]);
    expect(await getList<Tag>(context.t.app, '/api/blog/tags')).toEqual([
      { slug: 'ash-crown', label: 'Ash Crown' },
      { slug: 'maps', label: 'Maps' },
    ]);
  });

  it('are kept when an update leaves them out, replaced when it gives them, and go with a deleted post', async () => {
    const post = await write({ title: 'Retagged', tags: ['Old tag'] });
    const kept = await inject({
      method: 'PUT',
      url: `/api/blog/${post.id}`,
      headers: bearer(context.token),
      payload: { ...validBlogPost, title: 'Retagged' },
    });
    expect(kept.json<Post>().tags.map((tag) => tag.slug)).toEqual(['old-tag']);
    const replaced = await inject({
      method: 'PUT',
      url: `/api/blog/${post.id}`,
      headers: bearer(context.token),
      payload: { ...validBlogPost, title: 'Retagged', tags: ['New tag'] },
    });
    expect(replaced.json<Post>().tags.map((tag) => tag.slug)).toEqual(['new-tag']);
    expect(await titlesTagged('old-tag')).toEqual([]);
    await inject({ method: 'DELETE', url: `/api/blog/${post.id}`, headers: bearer(context.token) });
    expect((await getList<Tag>(context.t.app, '/api/blog/tags')).map((tag) => tag.slug)).not.toContain('new-tag');
  });

  it('refuse hostile tags with a clear 400, storing nothing', async () => {
    const before = await getList(context.t.app, '/api/blog?limit=50');
    const cases: Array<[unknown, string]> = [
      [['x'.repeat(10_000)], `Tag must be at most ${MAX_TAG_LABEL} characters`],
      [
        Array.from({ length: MAX_TAGS_PER_POST + 1 }, (_, n) => `t${n}`),
        `A post has at most ${MAX_TAGS_PER_POST} tags`,
      ],
      [['  '], 'Tag is required'],
      ['maps', 'Tags must be a list of names'],
    ];
    for (const [tags, message] of cases)
      expectError(
        await inject({
          method: 'POST',
          url: '/api/blog',
          headers: bearer(context.token),
          payload: { ...validBlogPost, tags },
        }),
        400,
        message,
      );
    expect(await getList(context.t.app, '/api/blog?limit=50')).toEqual(before);
  });

  it('survive parallel posts naming the same new tags', async () => {
    const posts = await Promise.all(
      Array.from({ length: 6 }, (_, n) => write({ title: `Race ${n}`, tags: ['Race tag', `Own ${n}`] })),
    );
    expect(posts.every((post) => post.tags[0]?.slug === 'race-tag')).toBe(true);
    expect(await titlesTagged('race-tag')).toHaveLength(6);
  });
});

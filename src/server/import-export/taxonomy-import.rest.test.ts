import { describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../domain/import-export.js';
import { useTestApp } from '../test-support/app-context.js';
import { getList } from '../test-support/http.js';
import { fixture, importOk } from '../test-support/import-requests.js';

type Post = { slug: string; category: string; tags: Array<{ slug: string; label: string }> };
type Category = { slug: string; label: string };

/** What an import makes of the author's categories and tags: the summary's lines of each kind. */
const made = (summary: ImportSummary, kind: 'category' | 'tag') =>
  summary.items.filter((item) => item.kind === kind).map((item) => [item.item, item.action]);

describe('WordPress categories and tags', () => {
  const context = useTestApp();
  const posts = async () => getList<Post>(context.t.app, '/api/blog?limit=50');
  const categories = async () => getList<Category>(context.t.app, '/api/blog/categories');

  it('the dry run names every category and tag it will make, once, and makes none', async () => {
    const wxr = await fixture('wordpress-theme-unit-taxonomy.xml');
    const summary = await importOk(context, 'source=wordpress&dryRun=true', wxr);
    expect(made(summary, 'category')).toEqual([
      ['Markup (/blog?category=markup)', 'create'],
      ['Child Category III (/blog?category=child-category-iii)', 'create'],
      ['Classic (/blog?category=classic)', 'create'],
    ]);
    expect(made(summary, 'tag')).toEqual([
      ['content (/blog/tag/content-2)', 'create'],
      ['css (/blog/tag/css)', 'create'],
      ['formatting (/blog/tag/formatting-2)', 'create'],
      ['8BIT (/blog/tag/8bit)', 'create'],
      ['Ελληνικά (/blog/tag/tag-25d77ab9)', 'create'],
      ['Post Formats (/blog/tag/post-formats)', 'create'],
      ['Classic (/blog/tag/classic)', 'create'],
    ]);
    expect(summary.created).toMatchObject({ posts: 3, categories: 3, tags: 7 });
    expect(summary.warnings).toContainEqual({
      item: 'Edge Case: Many Categories (post 1151)',
      message: 'also in "Classic": kept as tags (a post here has one category)',
    });
    expect((await categories()).map((category) => category.slug)).toEqual([
      'announcements',
      'behind-scenes',
      'soundtracks',
    ]);
    expect(await posts()).toEqual([]);
  });

  it("files each post under its own category and tags, keeping WordPress's slugs; a second import makes nothing", async () => {
    const wxr = await fixture('wordpress-theme-unit-taxonomy.xml');
    const summary = await importOk(context, 'source=wordpress', wxr);
    expect(summary.created).toMatchObject({ posts: 3, categories: 3, tags: 7 });
    expect(await categories()).toMatchObject([
      { slug: 'announcements' },
      { slug: 'behind-scenes' },
      { slug: 'soundtracks' },
      { slug: 'markup', label: 'Markup' },
      { slug: 'child-category-iii', label: 'Child Category III' },
      { slug: 'classic', label: 'Classic' },
    ]);
    const bySlug = new Map((await posts()).map((post) => [post.slug, post]));
    expect(bySlug.get('markup-html-tags-and-formatting')).toMatchObject({
      category: 'markup',
      tags: [
        { slug: 'content-2', label: 'content' },
        { slug: 'css', label: 'css' },
        { slug: 'formatting-2', label: 'formatting' },
      ],
    });
    expect(bySlug.get('many-categories')).toMatchObject({
      category: 'child-category-iii',
      tags: [
        { slug: '8bit', label: '8BIT' },
        { slug: 'tag-25d77ab9', label: 'Ελληνικά' },
        { slug: 'post-formats', label: 'Post Formats' },
        { slug: 'classic', label: 'Classic' },
      ],
    });
    expect(bySlug.get('classic-untagged')).toMatchObject({ category: 'classic', tags: [] });
    // The old tag address leads to the tag's page, which lists the post.
    const old = await context.t.app.inject({ method: 'GET', url: '/tag/8bit/' });
    expect(old.headers.location).toBe('/blog/tag/8bit');
    const tag = await context.t.app.inject({ method: 'GET', url: '/api/blog/tags/8bit' });
    expect(tag.json()).toEqual({ slug: '8bit', label: '8BIT', postCount: 1 });

    const again = await importOk(context, 'source=wordpress', wxr);
    expect(again.created).toMatchObject({ posts: 0, categories: 0, tags: 0 });
    expect(made(again, 'category')).toEqual([]);
    expect(made(again, 'tag')).toEqual([]);
    expect(await categories()).toHaveLength(6);
  });
});

describe('Ghost tags', () => {
  const context = useTestApp();

  it('the primary tag is the category, the other public tags are tags, internal #tags are left out', async () => {
    const json = await fixture('ghost-5-tags.json');
    const dry = await importOk(context, 'source=ghost&dryRun=true', json);
    expect(made(dry, 'category')).toEqual([
      ['Performance (/blog?category=performance)', 'create'],
      ['Notes (/blog?category=notes)', 'create'],
    ]);
    expect(made(dry, 'tag')).toEqual([['Web Vitals (/blog/tag/web-vitals)', 'create']]);

    await importOk(context, 'source=ghost', json);
    const posts = await getList<Post>(context.t.app, '/api/blog?limit=50');
    expect(posts.map((post) => [post.slug, post.category, post.tags.map((tag) => tag.slug)])).toEqual([
      ['a-plain-note', 'notes', []],
      ['speed-notes', 'performance', ['web-vitals']],
    ]);
    const again = await importOk(context, 'source=ghost', json);
    expect(again.created).toMatchObject({ posts: 0, categories: 0, tags: 0 });
  });
});

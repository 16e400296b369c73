import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/app-context.js';
import { fixture, fixturesDir, importOk, zipOf } from '../test-support/import-requests.js';

const postsOf = (context: ReturnType<typeof useTestApp>) =>
  context.t.services.db.selectFrom('blogPosts').selectAll().orderBy('slug').execute();
const subscribersOf = (context: ReturnType<typeof useTestApp>) =>
  context.t.services.db.selectFrom('newsletterSubscriptions').selectAll().orderBy('email').execute();

describe('POST /api/admin/import?source=ghost', () => {
  const context = useTestApp();

  it('imports a Ghost 5 export: lexical posts as Markdown, tags as categories, members as subscribers', async () => {
    const dry = await importOk(context, 'source=ghost&dryRun=1', await fixture('ghost-5.json'));
    expect(dry.skipped).toHaveLength(0);
    expect(dry.created).toMatchObject({ posts: 1, drafts: 1, subscribers: 2, pages: 1 });
    expect(await postsOf(context)).toEqual([]);

    const summary = await importOk(context, 'source=ghost', await fixture('ghost-5.json'));
    expect(summary.created).toMatchObject({ posts: 1, drafts: 1, subscribers: 2 });
    // Ghost's pages become the site's pages (issue 31), their slugs kept.
    expect(summary.created.pages).toBe(1);
    const pages = await context.t.services.db.selectFrom('sitePages').select(['slug', 'status']).execute();
    expect(pages).toEqual([{ slug: 'contact-me', status: 'published' }]);
    const [release, bells] = await postsOf(context);
    expect(bells).toMatchObject({
      slug: 'the-bells-of-vesperhold',
      status: 'published',
      publishedAt: '2024-01-15T20:00:00.000Z',
      summary: 'Who rang the bells?',
    });
    expect(bells!.content).toContain('The bells of **Vesperhold** rang at dusk.');
    expect(bells!.content).toContain('## Who rang them');
    expect(bells!.content).toContain('- [_Nobody living_](https://example.org/ghosts)');
    expect(bells!.content).toContain('A *markdown card* survives too.');
    expect(bells!.content).toContain('[Image: The bell tower](/content/images/2024/01/bells.jpg)');
    // Issue 31, item 2: Ghost's cards keep their structure; a card's unsafe address and its frame are dropped.
    expect(bells!.content).toContain(
      '[Image: The bell tower](/content/images/2024/01/bells.jpg)\n[Image: The rope](/content/images/2024/01/rope.jpg)\n\n_The tower and its rope_',
    );
    expect(bells!.content).toContain('\n\n[The bells, recorded](https://www.youtube.com/watch?v=nwe-H6l4beM)\n\n');
    expect(bells!.content).toContain("\n\n[The bell-founders' guild](https://example.org/bell-founders)\n\n");
    expect(bells!.content).toContain('```javascript\nring(bells, { times: 12 })\n```');
    expect(bells!.content).toContain('4. Fourth peal\n5. Fifth peal');
    expect(bells!.content).not.toMatch(/javascript:|tracker\.invalid|alert|<script|<iframe/);
    expect(release).toMatchObject({ slug: 'release-day', status: 'draft', category: 'announcements' });
    expect(release!.content).toBe('The book is **out**.');
    const members = await subscribersOf(context);
    expect(members.map((row) => [row.email, row.isActive, row.source, row.createdAt])).toEqual([
      ['bellringer@example.com', 1, 'import:ghost', '2023-06-01T00:00:00.000Z'],
      ['gone@example.com', 0, 'import:ghost', '2023-07-01T00:00:00.000Z'],
    ]);
    // Ghost's own permalink, /<slug>/, leads to the post here.
    const old = await context.t.app.inject({ method: 'GET', url: '/the-bells-of-vesperhold/' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/blog/the-bells-of-vesperhold');

    const again = await importOk(context, 'source=ghost', await fixture('ghost-5.json'));
    expect(again.created).toMatchObject({ posts: 0, drafts: 0, subscribers: 0 });
  });
});

describe('POST /api/admin/import?source=substack', () => {
  const context = useTestApp();

  it('imports a Substack zip: posts.csv with posts/*.html, podcasts left out, its email list as subscribers', async () => {
    const zip = await zipOf(path.join(fixturesDir, 'substack'));
    const summary = await importOk(context, 'source=substack', zip);
    expect(summary.created).toMatchObject({ posts: 1, drafts: 1, subscribers: 2 });
    expect(summary.skipped).toContainEqual({
      item: 'Episode One (post 1003.episode-one)',
      reason: 'a Substack podcast, not a written post',
    });
    const [letter, lantern] = await postsOf(context);
    expect(lantern).toMatchObject({
      slug: 'the-drowned-lantern',
      status: 'published',
      publishedAt: '2023-04-05T10:00:00.000Z',
      summary: 'A chapter from the marsh',
    });
    expect(lantern!.content).toContain('The lantern sank, and the marsh _kept_ its light.');
    expect(lantern!.content).toContain('### What the ferryman said');
    expect(lantern!.content).toContain(
      '[Image: A lantern underwater](https://substack-post-media.invalid/lantern.jpg)',
    );
    expect(letter).toMatchObject({ slug: 'an-unsent-letter', status: 'draft' });
    const list = await subscribersOf(context);
    expect(list.map((row) => [row.email, row.isActive, row.source])).toEqual([
      ['gnat@example.com', 0, 'import:substack'],
      ['moth@example.com', 1, 'import:substack'],
    ]);
    const old = await context.t.app.inject({ method: 'GET', url: '/p/the-drowned-lantern' });
    expect(old.headers.location).toBe('/blog/the-drowned-lantern');
  });
});

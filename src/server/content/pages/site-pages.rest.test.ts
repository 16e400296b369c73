import { describe, expect, it } from 'vitest';
import { RESERVED_PAGE_SEGMENTS } from '../../../domain/site-pages.js';
import { useTestApp } from '../../test-support/app-context.js';
import { bearer, createVia, expectError, getList, type InjectOptions } from '../../test-support/http.js';

type Page = { id: string; slug: string; path: string | null; status: string; menu: string; parentId: string };
type Menus = { header: Array<{ label: string; href: string }>; footer: Array<{ label: string; href: string }> };

const context = useTestApp();

const page = { title: 'Colophon', content: 'How the books are *made*.', status: 'published' };

describe('pages over REST', () => {
  const inject = (options: InjectOptions) => context.t.app.inject(options);
  const create = (payload: object) => createVia<Page>(context.t.app, '/api/admin/pages', context.token, payload);
  const post = (payload: unknown) =>
    inject({ method: 'POST', url: '/api/admin/pages', headers: bearer(context.token), payload: payload as object });
  const menus = async () => (await inject({ method: 'GET', url: '/api/site' })).json<{ menus: Menus }>().menus;

  it('nest under a parent, answer at their address, and list only when published', async () => {
    const level1 = await create({ ...page, title: 'Level 1' });
    const level2 = await create({ ...page, title: 'Level 2', parentId: level1.id });
    const level3 = await create({ ...page, title: 'Level 3', slug: 'level-3', parentId: level2.id });
    const draft = await create({ title: 'Unfinished', content: 'Soon.' });
    expect(level3.path).toBe('/level-1/level-2/level-3');
    expect(draft.status).toBe('draft');

    const read = await inject({ method: 'GET', url: '/api/pages/by-path/level-1/level-2/level-3' });
    expect(read.statusCode, read.body).toBe(200);
    const shown = read.json<{ title: string; contentHtml: string; parents: Array<{ path: string }> }>();
    expect(shown.title).toBe('Level 3');
    expect(shown.contentHtml).toContain('<em>made</em>');
    expect(shown.parents.map((parent) => parent.path)).toEqual(['/level-1', '/level-1/level-2']);
    expect(shown).not.toHaveProperty('content');

    expectError(await inject({ method: 'GET', url: '/api/pages/by-path/unfinished' }), 404, 'Page not found');
    const listed = await getList<{ path: string }>(context.t.app, '/api/pages');
    expect(listed.map((item) => item.path)).toEqual(expect.arrayContaining(['/level-1', '/level-1/level-2/level-3']));
    expect(listed.map((item) => item.path)).not.toContain('/unfinished');
    // The admin sees every page, drafts too.
    const all = await getList<Page>(context.t.app, '/api/admin/pages', context.token);
    expect(all.map((item) => item.path)).toContain('/unfinished');
  });

  it('refuse the site’s own addresses, a taken slug, a missing or looping parent with a 4xx', async () => {
    for (const slug of ['books', 'blog', 'admin', 'api', 'about', 'feed', 'category']) {
      expect(RESERVED_PAGE_SEGMENTS.has(slug)).toBe(true);
      expectError(await post({ ...page, slug }), 400, new RegExp(`^The address /${slug} `));
    }
    // A title that makes a reserved slug gets another one, never the site's page.
    expect((await create({ ...page, title: 'Books' })).slug).toBe('books-2');
    // Under a parent the same word is free: /<parent>/books is no address of the site.
    const parent = await create({ ...page, title: 'Shelf' });
    expect((await create({ ...page, slug: 'books', parentId: parent.id })).path).toBe('/shelf/books');
    expectError(await post({ ...page, slug: 'books', parentId: parent.id }), 409);
    expectError(
      await post({ ...page, parentId: '00000000-0000-4000-8000-000000000000' }),
      400,
      'The parent page does not exist',
    );
    const loop = await inject({
      method: 'PUT',
      url: `/api/admin/pages/${parent.id}`,
      headers: bearer(context.token),
      payload: { ...page, title: 'Shelf', parentId: parent.id },
    });
    expectError(loop, 400, 'A page cannot sit under itself or one of its subpages');
    expectError(
      await inject({ method: 'DELETE', url: `/api/admin/pages/${parent.id}`, headers: bearer(context.token) }),
      409,
    );
    for (const bad of [
      null,
      [],
      { title: 'x' },
      { ...page, slug: 'Not A Slug' },
      { ...page, status: 'secret' },
      { ...page, menu: 'sidebar' },
      { ...page, title: 'x'.repeat(10_000) },
    ])
      expectError(await post(bad), 400);
    expectError(await inject({ method: 'POST', url: '/api/admin/pages', payload: page }), 401);
  });

  it('go in the header, the footer or neither, and leave the menus when deleted or unpublished', async () => {
    const about = await create({ ...page, title: 'Press kit', menu: 'header' });
    expect(about.menu).toBe('header');
    expect((await menus()).header.at(-1)).toEqual({ label: 'Press kit', href: '/press-kit', external: false });
    const moved = await inject({
      method: 'PUT',
      url: `/api/admin/pages/${about.id}`,
      headers: bearer(context.token),
      payload: { ...page, title: 'Press kit', menu: 'footer' },
    });
    expect(moved.json<Page>().menu).toBe('footer');
    const now = await menus();
    expect(now.header.map((link) => link.href)).not.toContain('/press-kit');
    expect(now.footer.at(-1)?.href).toBe('/press-kit');
    await inject({
      method: 'PUT',
      url: `/api/admin/pages/${about.id}`,
      headers: bearer(context.token),
      payload: { ...page, title: 'Press kit', status: 'draft' },
    });
    expect((await menus()).footer.map((link) => link.href)).not.toContain('/press-kit');
    const removed = await inject({
      method: 'DELETE',
      url: `/api/admin/pages/${about.id}`,
      headers: bearer(context.token),
    });
    expect(removed.statusCode).toBe(204);
    const site = (await inject({ method: 'GET', url: '/api/site' })).json<{
      navigation: { footer: Array<{ kind: string }> };
    }>();
    expect(site.navigation.footer.some((entry) => entry.kind === 'page')).toBe(false);
  });

  it('menus are edited in Settings → Site: order, labels, built-in pages hidden, links; bad entries 400', async () => {
    const save = (navigation: unknown) =>
      inject({ method: 'PUT', url: '/api/admin/site', headers: bearer(context.token), payload: { navigation } });
    const saved = await save({
      header: [
        { kind: 'builtin', path: '/blog', label: 'Journal' },
        { kind: 'builtin', path: '/books', label: '' },
        { kind: 'link', url: 'https://example.org/shop', label: 'Shop' },
      ],
      footer: [{ kind: 'builtin', path: '/contact', label: '' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await menus()).header).toEqual([
      { label: 'Journal', href: '/blog', external: false },
      { label: 'Books', href: '/books', external: false },
      { label: 'Shop', href: 'https://example.org/shop', external: true },
    ]);
    for (const bad of [
      { header: [{ kind: 'link', url: 'javascript:alert(1)', label: 'x' }], footer: [] },
      { header: [{ kind: 'link', url: 'http://example.org', label: 'x' }], footer: [] },
      { header: [{ kind: 'builtin', path: '/nowhere', label: '' }], footer: [] },
      { header: Array.from({ length: 21 }, () => ({ kind: 'builtin', path: '/', label: '' })), footer: [] },
    ])
      expectError(await save(bad), 400);
  });
});

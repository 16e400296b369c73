import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/app-context.js';
import { fixture, importOk } from '../test-support/import-requests.js';

const context = useTestApp();

const pagesOf = () =>
  context.t.services.db.selectFrom('sitePages').select(['slug', 'status', 'title']).orderBy('slug').execute();

describe('WordPress pages (issue 31, item 3)', () => {
  it('dry run counts them; the import keeps their nesting and slugs, private ones as drafts; a second import adds none', async () => {
    const wxr = await fixture('wordpress-pages.xml');
    const dry = await importOk(context, 'source=wordpress&dryRun=1', wxr);
    expect(dry.created.pages).toBe(7);
    expect(dry.skipped).toEqual([]);
    expect(dry.warnings).toContainEqual({
      item: 'Members only (page 1134)',
      message:
        'password-protected on WordPress (this site has no post passwords): arrives as a draft; publish it only if everyone may read it',
    });
    expect(dry.warnings).toContainEqual({
      item: 'About (page 2)',
      message: 'the address /about is taken on this site: this page becomes /about-2',
    });
    expect(await pagesOf()).toEqual([]);

    const summary = await importOk(context, 'source=wordpress', wxr);
    expect(summary.created.pages).toBe(7);
    expect((await pagesOf()).map((page) => [page.slug, page.status])).toEqual([
      ['about-2', 'published'],
      ['level-1', 'published'],
      ['level-2', 'published'],
      ['level-3', 'published'],
      ['members-only', 'draft'],
      // A slug of Greek letters cannot be an address here (slugs are a-z, 0-9), and /page/ is WordPress's paging.
      ['page-2', 'published'],
      ['private-page', 'draft'],
    ]);
    // The old nested address answers as it did.
    const nested = await context.t.app.inject({ method: 'GET', url: '/api/pages/by-path/level-1/level-2/level-3' });
    expect(nested.statusCode, nested.body).toBe(200);
    expect(nested.json<{ title: string }>().title).toBe('Level 3');
    expectNoPrivatePage(await context.t.app.inject({ method: 'GET', url: '/api/pages' }).then((res) => res.json()));

    const again = await importOk(context, 'source=wordpress', wxr);
    expect(again.created.pages).toBe(0);
    expect(again.skipped.map((item) => item.reason)).toEqual(Array(7).fill('already imported'));
  });
});

function expectNoPrivatePage(pages: Array<{ path: string }>) {
  const paths = pages.map((page) => page.path);
  expect(paths).toEqual(expect.arrayContaining(['/level-1', '/level-1/level-2', '/about-2']));
  expect(paths).not.toContain('/members-only');
  expect(paths).not.toContain('/private-page');
}

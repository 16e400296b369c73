import { describe, expect, it } from 'vitest';
import { demoSiteSettings } from '../../../../db/seed/demo-site-settings.js';
import { ANNOUNCEMENT_DATES_MESSAGE, SITE_LINK_MESSAGE, siteSettingsSchema } from '../../../domain/site-settings.js';
import { announcementShowsOn } from '../../../domain/site-settings-defaults.js';
import { useTestApp } from '../../test-support/app-context.js';
import { bearer, expectError } from '../../test-support/http.js';
import { expectTRPCError, useCallers } from '../../test-support/trpc.js';

const context = useCallers();

const announcement = {
  enabled: true,
  label: 'New',
  text: 'A lost chapter on Friday.',
  linkText: 'Read it',
  linkUrl: '/blog',
  startsOn: '2026-12-01',
  endsOn: '2026-12-05',
};

describe('site settings (Settings → Site)', () => {
  it('a new site shows neutral defaults, none of the demo’s words', async () => {
    const settings = await context.visitor.site.settings();
    expect(settings.announcement.enabled).toBe(false);
    expect(settings.seo.title).toBe('Author website');
    expect(settings.social).toEqual([]);
    expect(JSON.stringify(settings)).not.toContain('Cinderwake');
  });

  it('the admin saves a group; readers see it at once (the public cache is cleared), the bio rendered as Markdown', async () => {
    await context.visitor.site.settings(); // cached
    await context.admin.site.update({
      announcement,
      about: {
        ...siteSettingsSchema.parse({}).about,
        authorName: 'Ada Quill',
        bio: 'She *writes*.\n\n<script>x</script>',
      },
    });
    const settings = await context.visitor.site.settings();
    expect(settings.announcement).toEqual(announcement);
    expect(settings.about.authorName).toBe('Ada Quill');
    expect(settings.about.bioHtml).toContain('<em>writes</em>');
    expect(settings.about.bioHtml).not.toContain('<script>');
    // Other groups keep what they had.
    expect(settings.seo.title).toBe('Author website');
  });

  it('the demo seed’s words pass the same schema', () => {
    expect(siteSettingsSchema.parse(demoSiteSettings).hero.headline).toBe('The Throne Awaits');
  });

  it.each([
    [{ announcement: { ...announcement, linkUrl: 'javascript:alert(1)' } }, SITE_LINK_MESSAGE],
    [{ announcement: { ...announcement, linkUrl: '//evil.example' } }, SITE_LINK_MESSAGE],
    [{ announcement: { ...announcement, endsOn: '2026-11-30' } }, ANNOUNCEMENT_DATES_MESSAGE],
    [{ announcement: { ...announcement, startsOn: '2026-02-30' } }, 'Dates must be calendar dates like 2026-12-01'],
    [{ announcement: { ...announcement, text: '' } }, 'Announcement text is required'],
    [{ seo: { title: '', description: '' } }, 'Site title is required'],
    [{ social: [{ network: 'MySpace', url: 'https://x.example' }] }, /Network must be one of/],
    [{ social: [{ network: 'X', url: 'http://x.com/a' }] }, 'Address must be an https:// address'],
    [{ hero: { eyebrow: '', headline: 'H', text: '', picture: 'data:image/png;base64,AA' } }, /Image must be/],
    [{ footerText: 'x'.repeat(301) }, 'Footer text must be at most 300 characters'],
    [{ unknown: true }, /Unrecognized key/],
  ])('refuses %j with a clear message, changing nothing', async (input, message) => {
    const before = await context.visitor.site.settings();
    await expectTRPCError(context.admin.site.update(input as never), 'BAD_REQUEST', message);
    expect(await context.visitor.site.settings()).toEqual(before);
  });

  it('only the admin may change them', async () => {
    await expectTRPCError(context.visitor.site.update({ footerText: 'x' }), 'UNAUTHORIZED');
    await expectTRPCError(context.wrongKey().site.update({ footerText: 'x' }), 'UNAUTHORIZED');
  });

  it('the bar shows only when on, with text, within its dates (whole UTC days)', () => {
    const bar = siteSettingsSchema.shape.announcement.unwrap().parse(announcement);
    expect(announcementShowsOn(bar, '2026-11-30')).toBe(false);
    expect(announcementShowsOn(bar, '2026-12-01')).toBe(true);
    expect(announcementShowsOn(bar, '2026-12-05')).toBe(true);
    expect(announcementShowsOn(bar, '2026-12-06')).toBe(false);
    expect(announcementShowsOn({ ...bar, enabled: false }, '2026-12-02')).toBe(false);
    expect(announcementShowsOn({ ...bar, startsOn: null, endsOn: null }, '2030-01-01')).toBe(true);
  });
});

describe('REST: GET /api/site and PUT /api/admin/site', () => {
  const app = useTestApp();
  const put = (body: unknown, token = app.token) =>
    app.t.app.inject({ method: 'PUT', url: '/api/admin/site', headers: bearer(token), payload: body as object });

  it('reads publicly, writes as admin; a write is seen by the next read (the REST read cache is cleared too)', async () => {
    expect((await app.t.app.inject({ method: 'GET', url: '/api/site' })).json().footerText).toBe('');
    const saved = await put({ footerText: 'Fire and grief.' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().footerText).toBe('Fire and grief.');
    expect((await app.t.app.inject({ method: 'GET', url: '/api/site' })).json().footerText).toBe('Fire and grief.');
  });

  it('answers 401 without the key and 400 for bad input, also in parallel and at volume, changing nothing', async () => {
    expectError(await app.t.app.inject({ method: 'PUT', url: '/api/admin/site', payload: { footerText: 'x' } }), 401);
    const bad = [
      'not json at all',
      [],
      { footerText: 42 },
      { seo: null },
      { social: 'X' },
      { announcement: { enabled: 'yes' } },
      { social: Array.from({ length: 50 }, () => ({ network: 'X', url: 'https://x.com/a' })) },
    ];
    const answers = await Promise.all(Array.from({ length: 60 }, (_, index) => put(bad[index % bad.length])));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect((await app.t.app.inject({ method: 'GET', url: '/api/site' })).json().footerText).toBe('Fire and grief.');
  });

  it('parallel saves of different groups all land (each save merges in one transaction)', async () => {
    await Promise.all([
      put({ footerText: 'Parallel footer' }),
      put({ seo: { title: 'Parallel title', description: '' } }),
      put({ social: [{ network: 'X', url: 'https://x.com/p', handle: '@p' }] }),
    ]);
    const settings = (await app.t.app.inject({ method: 'GET', url: '/api/site' })).json();
    expect(settings.footerText).toBe('Parallel footer');
    expect(settings.seo.title).toBe('Parallel title');
    expect(settings.social).toEqual([{ network: 'X', url: 'https://x.com/p', handle: '@p' }]);
  });
});

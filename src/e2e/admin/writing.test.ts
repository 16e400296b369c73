import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { expectToast, logIn, openTab } from './admin-helpers.js';

type ApiPost = { id: string; slug: string; url: string; title: string; status: string };

/** Writing in Markdown, publishing, scheduling, previews and slug addresses, in Chromium against the built site. */
describe('admin: writing posts', () => {
  const site = useBrowserSite();
  let page: Page;

  beforeAll(async () => {
    page = site.page;
    await logIn(page, site);
    await openTab(page, 'Blog');
  });

  const box = (name: string) => page.getByRole('textbox', { name, exact: true });
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const row = (title: string) =>
    page.getByRole('list', { name: 'Blog posts' }).getByRole('listitem').filter({ hasText: title });

  async function coverUrl(): Promise<string> {
    const books = (await (await fetch(`${site.baseUrl}/api/books`)).json()) as { coverImage: string }[];
    return `${site.baseUrl}${books[0]!.coverImage}`;
  }

  async function fillPost(title: string, content: string): Promise<void> {
    await button('Add Blog Post').click();
    await box('Title').fill(title);
    await box('Summary').fill(`The summary of ${title}.`);
    await box('Content').fill(content);
    await box('Cover image').fill(await coverUrl());
    // New posts start as drafts: these are published unless the test says otherwise.
    await page.getByRole('radio', { name: 'Published' }).check();
  }

  async function apiPost(title: string): Promise<ApiPost | undefined> {
    const admin = await fetch(`${site.baseUrl}/trpc/blog.adminList`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('adminKey'))}` },
    });
    const body = (await admin.json()) as { result: { data: { json: { items: ApiPost[] } } } };
    return body.result.data.json.items.find((post) => post.title === title);
  }

  it('writes Markdown with italics and a link, publishes it, and readers see the italics', async () => {
    await fillPost('Ink and Ember', 'The marsh was *very* quiet.\n\nRead [the books](/books) first.');
    await button('Publish post').click();
    await expectToast(page, 'Success', 'Blog post created successfully');
    await row('Ink and Ember').getByText('Published', { exact: true }).waitFor();

    const reader = await site.newContext();
    const view = await reader.newPage();
    const response = await view.goto(`${site.baseUrl}/blog/ink-and-ember`);
    expect(response?.status()).toBe(200);
    await view.getByRole('heading', { level: 1, name: 'Ink and Ember' }).waitFor();
    expect(await view.locator('article em').first().textContent()).toBe('very');
    const link = view.locator('article').getByRole('link', { name: 'the books' });
    expect(await link.getAttribute('href')).toBe('/books');
    // The list links to the slug address.
    await view.goto(`${site.baseUrl}/blog`);
    expect(await view.getByRole('link', { name: /Read .*Ink and Ember/ }).getAttribute('href')).toBe(
      '/blog/ink-and-ember',
    );
    await reader.close();
  });

  it('answers 301 from the old id address and from an edited slug to the current slug', async () => {
    const post = (await apiPost('Ink and Ember'))!;
    await row('Ink and Ember').getByRole('button', { name: 'Edit Ink and Ember' }).click();
    await box('Slug').fill('ink-and-embers');
    await button('Update published post').click();
    await expectToast(page, 'Success', 'Blog post updated successfully');

    for (const old of [post.id, 'ink-and-ember']) {
      const response = await fetch(`${site.baseUrl}/blog/${old}`, { redirect: 'manual' });
      expect(response.status, old).toBe(301);
      expect(response.headers.get('location'), old).toBe('/blog/ink-and-embers');
    }
    const current = await fetch(`${site.baseUrl}/blog/ink-and-embers`);
    expect(current.status).toBe(200);
    expect(await current.text()).toContain(`<link rel="canonical" href="${site.baseUrl}/blog/ink-and-embers"`);

    // Another post may not take that slug: the form says why.
    await fillPost('A Clash', 'Text.');
    await box('Slug').fill('ink-and-embers');
    await button('Publish post').click();
    await expectToast(page, 'Error', 'Failed to create blog post. Another post already uses this slug');
    await button('Cancel').click();
  });

  it('schedules a post a few seconds ahead; it appears on /blog at its time without a write', async () => {
    const visitor = await site.newContext();
    const blog = await visitor.newPage();
    await blog.goto(`${site.baseUrl}/blog`);

    await fillPost('The Lantern Hour', 'It came at *dusk*.');
    await page.getByRole('radio', { name: 'Scheduled' }).check();
    // The admin's browser time zone, as the form reads it; 10 seconds ahead: the checks that it is not out yet
    // took 1.2 s after the form was sent with both cores busy, and the wait holds a browser worker idle.
    const at = await page.evaluate(() => {
      const date = new Date(Date.now() + 10_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    });
    await page.getByLabel('Publish at').fill(at);
    await page.getByText(/^In your time zone: /).waitFor();
    await button('Schedule post').click();
    await expectToast(page, 'Success', 'Blog post created successfully');
    await row('The Lantern Hour').getByText('Scheduled', { exact: true }).waitFor();
    await row('The Lantern Hour')
      .getByText(/^Publishes /)
      .waitFor();

    // Not public yet: not on the blog, its page is "not found", not in the API.
    await blog.reload();
    expect(await blog.getByText('The Lantern Hour').count()).toBe(0);
    expect((await fetch(`${site.baseUrl}/blog/the-lantern-hour`)).status).toBe(404);

    await expect
      .poll(
        async () => {
          await blog.reload();
          return blog.getByRole('heading', { name: 'The Lantern Hour' }).count();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(1);
    const api = (await (await fetch(`${site.baseUrl}/api/blog`)).json()) as ApiPost[];
    expect(api.find((post) => post.title === 'The Lantern Hour')).toMatchObject({
      status: 'published',
      url: '/blog/the-lantern-hour',
    });
    const feed = await (await fetch(`${site.baseUrl}/blog/rss.xml`)).text();
    expect(feed).toContain(`<link>${site.baseUrl}/blog/the-lantern-hour</link>`);
    await visitor.close();
  });

  it('previews a draft for the signed-in admin only; a visitor gets 404', async () => {
    await fillPost('Unfinished Business', 'Half a *thought*.');
    await page.getByRole('radio', { name: 'Draft' }).check();
    await button('Save draft').click();
    await expectToast(page, 'Success', 'Blog post created successfully');
    await row('Unfinished Business').getByText('Draft', { exact: true }).waitFor();

    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      row('Unfinished Business').getByRole('link', { name: 'Preview Unfinished Business' }).click(),
    ]);
    const previewUrl = new URL(preview.url()).pathname;
    await preview.getByRole('heading', { level: 1, name: 'Unfinished Business' }).waitFor();
    await preview.getByText(/^Preview — Draft\./).waitFor();
    expect(await preview.locator('article em').first().textContent()).toBe('thought');
    expect(await preview.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const answer = await page.context().request.get(`${site.baseUrl}${previewUrl}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['cache-control']).toBe('no-store');
    expect(answer.headers()['x-robots-tag']).toBe('noindex');
    await preview.close();

    // A visitor (no session, no cookie) and a plain request: 404, the same page as for any missing post.
    const visitor = await site.newContext();
    const stranger = await visitor.newPage();
    const response = await stranger.goto(`${site.baseUrl}${previewUrl}`);
    expect(response?.status()).toBe(404);
    await stranger.getByRole('heading', { name: 'Blog Post Not Found' }).waitFor();
    expect(await stranger.getByText('Half a').count()).toBe(0);
    await visitor.close();
    const plain = await fetch(`${site.baseUrl}${previewUrl}`, {
      headers: { cookie: 'adminPreview=forged-token-value-123' },
    });
    expect(plain.status).toBe(404);
    expect(plain.headers.get('cache-control')).toBe('no-store');
    expect(await plain.text()).not.toContain('Half a');
    // Nor is the draft public anywhere else.
    expect((await fetch(`${site.baseUrl}/blog/unfinished-business`)).status).toBe(404);
  });
});

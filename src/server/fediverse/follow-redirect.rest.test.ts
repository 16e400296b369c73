import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/app-context.js';
import { bearer } from '../test-support/http.js';

const follow = (site: ReturnType<typeof useTestApp>, query: string) =>
  site.t.app.inject({ method: 'GET', url: `/follow${query}`, headers: { host: 'cinderwake.example' } });

describe('GET /follow ("Follow from Mastodon")', () => {
  const site = useTestApp();

  it("sends the reader to their own server's follow page for the site's account, at the request's host", async () => {
    const res = await follow(site, '?server=Mastodon.Social');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      'https://mastodon.social/authorize_interaction?uri=%40author%40cinderwake.example',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    // What a reader may type: their whole handle or their server's address.
    for (const typed of ['%40me%40fosstodon.org', 'https%3A%2F%2Ffosstodon.org%2F'])
      expect((await follow(site, `?server=${typed}`)).headers.location).toMatch(
        /^https:\/\/fosstodon\.org\/authorize_interaction\?/,
      );
  });

  it('follows the handle set in Settings → Site', async () => {
    const saved = await site.t.app.inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: bearer(site.token),
      payload: { fediverse: { handle: 'delphine', holdFollows: false } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await follow(site, '?server=mastodon.social')).headers.location).toBe(
      'https://mastodon.social/authorize_interaction?uri=%40delphine%40cinderwake.example',
    );
  });

  it('answers what is not a server with a 400 page saying so, never a redirect or a 500, many at once', async () => {
    const hostile = [
      '',
      '?server=',
      '?server=localhost',
      '?server=127.0.0.1',
      '?server=javascript%3Aalert(1)',
      '?server=%3Cscript%3E.example',
      `?server=${'a'.repeat(5000)}.com`,
      '?server=a&server=b.social',
      '?server[x]=mastodon.social',
      '?server=%E0%A4%A',
      '?server=evil.example%0d%0aSet-Cookie%3A%20x%3D1',
    ];
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => hostile.map((query) => follow(site, query))).flat(),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(answers[2]!.body).toContain('Server must be a domain name, such as mastodon.social');
    expect(answers[4]!.body).not.toContain('<script');
  });
});

describe('GET /follow with PUBLIC_URL', () => {
  const site = useTestApp({ PUBLIC_URL: 'https://books.example' });

  it("names the account at PUBLIC_URL's host, whatever Host the request says", async () => {
    const res = await follow(site, '?server=mastodon.social');
    expect(res.headers.location).toBe('https://mastodon.social/authorize_interaction?uri=%40author%40books.example');
  });
});

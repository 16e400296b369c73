import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { photo } from '../../server/test-support/photos.js';
import { waitForHydration } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';

type ListedBook = { id: string; title: string; coverImage: string; image?: { width: number; height: number } };

/** Responsive images end to end: a phone photo uploaded as a cover, the HTML the server renders, what a phone downloads. */
describe('responsive images', () => {
  const site = useBrowserSite({ viewport: 'mobile' });
  let cover = '';
  let coveredTitle = '';

  beforeAll(async () => {
    const login = await fetch(`${site.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: site.adminPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    const form = new FormData();
    const bytes = await photo(1500, 2250, { gps: true });
    form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    const uploaded = await fetch(`${site.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    cover = ((await uploaded.json()) as { path: string }).path;
    const [first] = (await (await fetch(`${site.baseUrl}/api/books`)).json()) as (ListedBook & Record<string, unknown>)[];
    const { id, image: _image, ...book } = first!;
    coveredTitle = first!.title;
    const updated = await fetch(`${site.baseUrl}/api/books/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...book, coverImage: cover }),
    });
    expect(updated.status, await updated.text()).toBe(200);
  });

  it('server-renders <picture> with AVIF and WebP sources, srcset, sizes, the intrinsic size and fetchpriority', async () => {
    const html = await (await fetch(`${site.baseUrl}/books`)).text();
    const base = cover.replace(/\.jpg$/, '');
    const picture = /<picture\b[\s\S]*?<\/picture>/.exec(html)?.[0] ?? '';
    expect(picture).toContain(
      `<source type="image/avif" srcSet="${base}-320.avif 320w, ${base}-480.avif 480w, ${base}-640.avif 640w, ${base}-800.avif 800w, ${base}-960.avif 960w, ${base}-1440.avif 1440w, ${base}-1500.avif 1500w" sizes="(max-width: 47.99em) 15rem, 18rem"/>`,
    );
    expect(picture).toContain(`<source type="image/webp" srcSet="${base}-320.webp 320w,`);
    expect(picture).toMatch(new RegExp(`<img [^>]*src="${base}-640\\.jpg" srcSet="${base}-320\\.jpg 320w,`));
    expect(picture).toMatch(/width="1500" height="2250"/);
    expect(picture).toContain('fetchPriority="high"');
    expect(picture).toContain(`alt="Cover of ${coveredTitle}"`);
    expect(picture).toMatch(/background-color:#[0-9a-f]{6}/);
    // The other covers are still the demo's SVGs: plain images, lazily loaded, with their box reserved.
    expect(html).toMatch(/<img [^>]*src="\/objects\/cover-[a-z-]+\.svg"[^>]*width="600" height="900" loading="lazy"/);
  });

  it('sends a 375 px phone (DPR 2) the 480 px AVIF, far under 200 KB, and never the original', async () => {
    const context = await site.browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const images = new Map<string, number>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'image') {
        void response.body().then((body) => images.set(new URL(response.url()).pathname, body.length));
      }
    });
    await page.goto(`${site.baseUrl}/books`, { waitUntil: 'networkidle' });
    const chosen = await page.locator(`img[alt="Cover of ${coveredTitle}"]`).evaluate((img: HTMLImageElement) => ({
      currentSrc: new URL(img.currentSrc).pathname,
      complete: img.complete,
      decoded: img.naturalWidth > 0,
    }));
    await context.close();

    const base = cover.replace(/\.jpg$/, '');
    expect(chosen).toEqual({ currentSrc: `${base}-480.avif`, complete: true, decoded: true });
    const bytes = images.get(`${base}-480.avif`);
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThan(200 * 1024);
    const coverFiles = [...images.keys()].filter((name) => name.startsWith(base));
    expect(coverFiles).toEqual([`${base}-480.avif`]);
  });

  it('hydrates /books with a photo cover (and /art-music) without a console warning', async () => {
    await site.page.goto(`${site.baseUrl}/books`);
    await waitForHydration(site.page);
    await site.page.goto(`${site.baseUrl}/art-music`);
    await waitForHydration(site.page);
    expect(site.problems).toEqual([]);
  });

  it('serves the original without the GPS position the phone wrote into it', async () => {
    const original = Buffer.from(await (await fetch(`${site.baseUrl}${cover}`)).arrayBuffer());
    const metadata = await sharp(original).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([1500, 2250]);
  });
});

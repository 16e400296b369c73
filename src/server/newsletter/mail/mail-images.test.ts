import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { issueBodyHtml } from '../issues/issue-email.js';

const PUBLIC_URL = 'https://site.example';
const MAP_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#3d342f"/></svg>',
);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  await t.services.uploads.write('vesperhold-map.svg', MAP_SVG, 'new');
});
afterAll(() => t.close());

describe('images in emails', () => {
  it('puts no SVG into an email: an SVG upload is the server’s JPEG of it, an SVG from elsewhere is left out', () => {
    const html = issueBodyHtml(
      '![The map of Vesperhold](/objects/vesperhold-map.svg)\n\n![A sigil](https://elsewhere.example/sigil.svg)',
      PUBLIC_URL,
    );
    expect(html).toContain(`src="${PUBLIC_URL}/mail-images/uploads/vesperhold-map.svg.jpg"`);
    expect(html).toContain('alt="The map of Vesperhold"');
    expect(html).not.toMatch(/src="[^"]*\.svg"/);
    expect(html).toContain('A sigil');
  });

  it('serves that JPEG, loadable from webmail’s origin; 404 for a name it does not know', async () => {
    const image = await t.app.inject({ method: 'GET', url: '/mail-images/uploads/vesperhold-map.svg.jpg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect([...image.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const answers = await Promise.all(
      [
        '/mail-images/uploads/missing.svg.jpg',
        '/mail-images/uploads/vesperhold-map.svg',
        '/mail-images/uploads/..%2Fsecrets.jpg',
        `/mail-images/uploads/-${'a'.repeat(190)}.jpg`,
      ].map((url) => t.app.inject({ method: 'GET', url })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../domain/import-export.js';
import { postImport } from '../test-support/import-requests.js';
import { MAX_FETCHED_IMAGE_BYTES } from './image-fetcher.js';
import { pngImage } from '../test-support/images.js';
import { loopbackStandIns } from '../test-support/outbound.js';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * Issue 30, item 2: a WordPress export whose images point inside (loopback in every spelling, the
 * metadata service, a public-looking name that resolves to 127.0.0.1, a redirect from an allowed
 * host to a private one) or that answer too much or too slowly: nothing is fetched from inside,
 * nothing stored, and each warning says "not fetched", never a port, a status or an error code.
 * `internal` plays every internal service; the stand-ins are the loopback ports the test lets
 * count as public hosts (production allows none: see safe-fetch.ts).
 */
let t: TestApp;
let token: string;
const servers: Server[] = [];
const internalHits: string[] = [];
const port = (server: Server) => (server.address() as AddressInfo).port;

async function serve(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return server;
}

let internal: Server;
let images: Server;
let redirector: Server;
let huge: Server;
let slow: Server;

beforeAll(async () => {
  internal = await serve((request, response) => {
    internalHits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png' }).end(pngImage(32));
  });
  images = await serve((request, response) => {
    if (request.url === '/ok.png') response.writeHead(200, { 'content-type': 'image/png' }).end(pngImage(48));
    else response.writeHead(404).end();
  });
  redirector = await serve((request, response) => {
    const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
    response.writeHead(302, { location: to }).end();
  });
  huge = await serve((_request, response) => {
    // A real PNG's start, then more than an imported image may have (5 MB), with no length said.
    response.writeHead(200, { 'content-type': 'image/png' });
    response.write(pngImage(8));
    const chunk = Buffer.alloc(64 * 1024);
    let sent = 0;
    const more = () => {
      while (sent <= MAX_FETCHED_IMAGE_BYTES) {
        sent += chunk.length;
        if (!response.write(chunk)) return;
      }
      response.end();
    };
    response.on('drain', more);
    more();
  });
  slow = await serve((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': '5000' });
    response.write(pngImage(8).subarray(0, 40)); // then nothing, ever
  });
  t = await createTestApp(
    {},
    {
      outbound: loopbackStandIns([port(images), port(redirector), port(huge), port(slow)], {
        'photos.example': ['127.0.0.1'],
        'cdn.example': ['::ffff:127.0.0.1'],
      }),
    },
  );
  token = await openAdminSession(t.services);
});
afterAll(async () => {
  await t.close();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const wxr = (posts: string[][]) => `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old blog</title><wp:wxr_version>1.2</wp:wxr_version>
${posts
  .map(
    (
      sources,
      n,
    ) => `<item><title>Post ${n}</title><wp:post_id>${n + 1}</wp:post_id><wp:post_name>hostile-${n}</wp:post_name>
<wp:post_date_gmt>2020-01-0${(n % 9) + 1} 10:00:00</wp:post_date_gmt><wp:post_type>post</wp:post_type><wp:status>publish</wp:status>
<content:encoded><![CDATA[<p>Text ${n}.</p>${sources.map((src) => `<p><img src="${src}" alt="i"></p>`).join('')}]]></content:encoded></item>`,
  )
  .join('\n')}
</channel></rss>`;

describe('imported images from inside', () => {
  it('fetches none of 20 internal addresses, stores nothing from them, and says only "not fetched"', async () => {
    const p = port(internal);
    const ok = `http://127.0.0.1:${port(images)}/ok.png`;
    const via = (to: string) => `http://127.0.0.1:${port(redirector)}/r?to=${encodeURIComponent(to)}`;
    const hostile = [
      `http://127.0.0.1:${p}/a.png`,
      `http://169.254.169.254/latest/meta-data/iam.png`,
      `http://[::1]:${p}/b.png`,
      `http://0x7f000001:${p}/c.png`,
      `http://2130706433:${p}/d.png`,
      `http://017700000001:${p}/e.png`,
      `http://127.1:${p}/f.png`,
      `http://[::ffff:127.0.0.1]:${p}/g.png`,
      `http://localhost:${p}/h.png`,
      `http://photos.example:${p}/i.png`,
      `http://cdn.example:${p}/j.png`,
      `http://[fd00:ec2::254]/k.png`,
      `http://10.0.0.1:${p}/l.png`,
      `http://192.168.0.1/m.png`,
      `http://100.64.0.1/n.png`,
      `http://0.0.0.0:${p}/o.png`,
      via(`http://127.0.0.1:${p}/p.png`),
      `http://127.0.0.1:${port(huge)}/q.png`,
      `http://127.0.0.1:${port(slow)}/r.png`,
      `http://photos.example:${port(images)}/s.png`,
    ];
    // Ten posts, each with the good image first and two of the hostile ones.
    const posts = Array.from({ length: 10 }, (_, n) => [ok, hostile[2 * n]!, hostile[2 * n + 1]!]);
    const res = await postImport({ t, token }, 'source=wordpress', wxr(posts));
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<ImportSummary>();
    expect(summary.created.posts).toBe(10);
    expect(summary.created.images).toBe(1); // the good one, once
    expect(internalHits).toEqual([]);
    const imageWarnings = summary.warnings.map((warning) => warning.message).filter((m) => m.startsWith('image '));
    expect(imageWarnings.sort()).toEqual(
      [...hostile.slice(0, 19), `http://photos.example:${port(images)}/s.png`]
        .filter((url, index, all) => all.indexOf(url) === index)
        .map((url) => `image ${url} not fetched; left as a link`)
        .sort(),
    );
    for (const message of imageWarnings) expect(message).not.toMatch(/ECONN|HTTP \d|timeout|within|refused|\(/i);
    // Each post shows the good image from /objects/ and leaves every other as the link it was.
    const rows = await t.services.db.selectFrom('blogPosts').select(['slug', 'content']).execute();
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.content).toMatch(/\/objects\/[0-9a-f]{32}\.png/);
      expect(row.content.match(/\/objects\//g)).toHaveLength(1);
    }
    // One original stored (its variants are made afterwards, by the image-variants job).
    const uploads = (await t.services.uploads.list()).filter((name) => /^[0-9a-f]{32}\.png$/.test(name));
    expect(uploads).toHaveLength(1);
  });
});

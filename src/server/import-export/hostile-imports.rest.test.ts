import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { useTestApp } from '../test-support/app-context.js';
import { expectError, FAST_WRONG_KEY, freshAddress } from '../test-support/http.js';
import { TINY_PNG } from '../test-support/images.js';
import { fixture, postImport } from '../test-support/import-requests.js';

const context = useTestApp();

const counts = async () => ({
  posts: (await context.t.services.db.selectFrom('blogPosts').select('id').execute()).length,
  subscribers: (await context.t.services.db.selectFrom('newsletterSubscriptions').select('id').execute()).length,
  uploads: (await context.t.services.uploads.list()).length,
});

async function zipWith(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE rss [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<rss><channel><wp:wxr_version>1.2</wp:wxr_version><item><title>&lol9;</title><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><content:encoded>x</content:encoded></item></channel></rss>`;

const EXTERNAL_ENTITY = `<?xml version="1.0"?>
<!DOCTYPE rss [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
<rss><channel><wp:wxr_version>1.2</wp:wxr_version><item><title>&secret;</title><content:encoded>&secret;</content:encoded><wp:post_type>post</wp:post_type><wp:status>publish</wp:status></item></channel></rss>`;

describe('hostile and mistaken imports: a clear 4xx, nothing half-imported, the site keeps serving', () => {
  it('refuses entity expansion and external entities', async () => {
    const before = await counts();
    for (const xml of [BILLION_LAUGHS, EXTERNAL_ENTITY]) {
      const message = expectError(await postImport(context, 'source=wordpress', xml), 400);
      expect(message).toMatch(/DOCTYPE/);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a truncated WordPress export before writing any of its posts', async () => {
    const full = (await fixture('wordpress-wxr-1.2.xml')).toString();
    const cut = full.slice(0, full.indexOf('<title><![CDATA[The soundtrack is coming'));
    const message = expectError(await postImport(context, 'source=wordpress', cut), 400);
    expect(message).toMatch(/^The WordPress export could not be read/);
    expect(await counts()).toMatchObject({ posts: 0 });
  });

  it('refuses files of the wrong kind for each source', async () => {
    const wxr = await fixture('wordpress-wxr-1.2.xml');
    const cases: [string, Buffer | string, RegExp][] = [
      ['source=wordpress', TINY_PNG, /could not be read|not a WordPress export/],
      ['source=wordpress', '<?xml version="1.0"?><html><body>hi</body></html>', /not a WordPress export/],
      ['source=wordpress', await fixture('ghost-5.json'), /could not be read|not a WordPress export/],
      ['source=ghost', wxr, /not a Ghost export/],
      ['source=ghost', '{"db":[{"data":{}}]}', /not a Ghost export/],
      ['source=ghost', '{"__proto__":{"polluted":1},"data":{"posts":"no"}}', /not a Ghost export/],
      ['source=substack', wxr, /not a zip file/],
      ['source=substack', await zipWith({ 'readme.txt': 'hello' }), /not a Substack export/],
      ['source=site', await zipWith({ 'posts.csv': 'post_id\n' }), /not an export of this site/],
      ['source=subscribers', '', /empty/],
      ['source=subscribers', 'email\r\n', /no subscribers/],
      ['source=nothing', wxr, /Choose the source/],
    ];
    for (const [query, file, message] of cases)
      expect(expectError(await postImport(context, query, file), 400), query).toMatch(message);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await counts()).toMatchObject({ posts: 0, subscribers: 0 });
  });

  it('refuses a zip with ../ or absolute paths and writes nothing outside', async () => {
    const outside = `zz-import-escape-${process.pid}.txt`;
    // yazl refuses such names itself, so one of the same length is renamed in the finished bytes.
    const honest = await zipWith({ 'posts.csv': 'post_id\n', [`xx/${outside}`]: 'escaped' });
    const evil = Buffer.from(honest.toString('latin1').replaceAll(`xx/${outside}`, `../${outside}`), 'latin1');
    const message = expectError(await postImport(context, 'source=substack', evil), 400);
    expect(message).toMatch(/leads outside the archive/);
    expect(existsSync(path.join(tmpdir(), outside))).toBe(false);
  });

  it('refuses without the admin key, without a file, with a bad mapping', async () => {
    expectError(await postImport(context, 'source=subscribers', 'email\r\na@example.com\r\n', { key: null }), 401);
    expectError(
      await postImport(context, 'source=subscribers', 'email\r\na@example.com\r\n', { key: FAST_WRONG_KEY }),
      401,
    );
    const noFile = await context.t.app.inject({
      method: 'POST',
      url: '/api/admin/import?source=subscribers',
      headers: { authorization: `Bearer ${context.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(noFile.statusCode).toBeLessThan(500);
    expect(
      expectError(
        await postImport(context, 'source=subscribers', 'email\r\na@example.com\r\n', { mapping: '{nope' }),
        400,
      ),
    ).toMatch(/mapping must be JSON/);
    expect(
      expectError(
        await postImport(context, 'source=subscribers', 'email\r\na@example.com\r\n', {
          mapping: '{"email":"Missing"}',
        }),
        400,
      ),
    ).toMatch(/does not have/);
    expect(
      expectError(
        await postImport(context, 'source=subscribers', 'email\r\na@example.com\r\n', { mapping: '{"password":"x"}' }),
        400,
      ),
    ).toMatch(/may name only the fields/);
    expect(await counts()).toMatchObject({ subscribers: 0 });
  });

  it('in parallel: one import at a time, the others told to wait, hostile ones refused, the site answering', async () => {
    const wxr = await fixture('wordpress-wxr-1.2.xml');
    const attempts = await Promise.all([
      ...Array.from({ length: 6 }, () => postImport(context, 'source=wordpress', wxr)),
      ...Array.from({ length: 6 }, () => postImport(context, 'source=wordpress', BILLION_LAUGHS)),
      // Six readers, each from an address of their own (one address's parallel page reads are capped: work-gate.ts).
      ...Array.from({ length: 6 }, () =>
        context.t.app.inject({ method: 'GET', url: '/api/blog', remoteAddress: freshAddress() }),
      ),
    ]);
    const statuses = attempts.map((res) => res.statusCode);
    const said = JSON.stringify(attempts.map((res) => `${res.statusCode} ${res.body.slice(0, 120)}`));
    expect(
      statuses.every((status) => status < 500),
      said,
    ).toBe(true);
    expect(statuses.slice(12), said).toEqual([200, 200, 200, 200, 200, 200]);
    // Whichever import took the lock ran (the export imported, 200; the hostile file refused, 400); every
    // other one that arrived meanwhile was told to wait, and none got anything else.
    const imports = attempts.slice(0, 12).map((res) => res.statusCode);
    expect(imports.filter((status) => status !== 409).length, said).toBeGreaterThanOrEqual(1);
    imports.slice(0, 6).forEach((status) => expect([200, 409], said).toContain(status));
    imports.slice(6).forEach((status) => expect([400, 409], said).toContain(status));
    for (const res of attempts.slice(0, 12).filter((r) => r.statusCode === 409))
      expect(res.json<{ error: string }>().error).toMatch(/already running/);
    // A hostile file may have held the lock while all six exports arrived (each told to wait): then one runs now.
    if (!imports.slice(0, 6).includes(200))
      expect((await postImport(context, 'source=wordpress', wxr)).statusCode, said).toBe(200);
    // However the race went, each post is there once (the private one as a draft).
    expect((await counts()).posts).toBe(5);
  });
});

import { inflateSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditionFile } from '../../../domain/edition-files.js';
import { multipartBody } from '../../test-support/multipart.js';
import { samplePdf, sampleMp3, zipOf } from '../../test-support/sales-files.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { createTestApp, validBook, type TestApp } from '../../test-support/test-app.js';
import { makeDemoEpub } from './demo-epub.js';
import { findCopyFingerprint } from './find-fingerprint.js';
import { findCopyByFingerprint } from './personal-copies-repository.js';
import { CopyNotPossible, makePersonalCopy, newFingerprint, removeCopiesOfOrder } from './personal-copy.js';
import { readWhole, SALES_CHUNK_BYTES, type SalesFileStore } from './sales-file-store.js';
import { salesFileStoreOf } from './sales-files.js';
import { openStoredZip, readEntry } from './zip-access.js';

let t: TestApp;
let token: string;
let store: SalesFileStore;
let bookId: string;
const MADE_AT = new Date('2026-11-27T10:00:00Z');

const upload = (filename: string, content: Buffer, format = 'ebook', book = bookId, auth = true) => {
  const { payload, headers } = multipartBody([{ field: 'file', filename, content }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/books/${book}/editions/${format}/files`,
    payload,
    headers: { ...headers, ...(auth ? { authorization: `Bearer ${token}` } : {}) },
  });
};

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** What the sales store and the edition files table hold (a refused upload must add to neither). */
async function storedState() {
  const rows = await t.services.db.selectFrom('editionFiles').select('id').execute();
  const chunks = await t.services.db.selectFrom('salesFileChunks').select('fileId').distinct().execute();
  const { readdir } = await import('node:fs/promises');
  const files = await readdir(`${t.dataDir}/sales-files`).catch(() => [] as string[]);
  return { rows: rows.length, stored: chunks.length + files.length };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await openAdminSession(t.services);
  store = salesFileStoreOf(t.services);
  const book = await t.callerWithKey(token).books.create({
    ...validBook,
    title: 'The Ashwarden',
    editions: [
      { format: 'ebook', price: '4.99' },
      { format: 'audiobook', price: '14.99' },
      { format: 'hardcover', price: '24.99' },
    ],
  });
  bookId = book.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('edition files: upload and checks', () => {
  it('stores a sound EPUB, streamed, and says what the check found', async () => {
    const epub = await makeDemoEpub();
    const response = await upload('ashwarden.epub', epub);
    expect(response.statusCode).toBe(201);
    const file = response.json<EditionFile>();
    expect(file).toMatchObject({
      kind: 'epub',
      editionFormat: 'ebook',
      filename: 'ashwarden.epub',
      bytes: epub.length,
    });
    expect(file.checked.summary).toContain('EPUB 3.0: “The Ashwarden”');
    expect((await bytesOf(readWhole(store, file.id, file.bytes))).equals(epub)).toBe(true);
    // Range reads, as a download route resumes: bytes 100..1000.
    expect((await bytesOf(store.read(file.id, 100, 1000))).equals(epub.subarray(100, 1001))).toBe(true);
    const listed = await t.callerWithKey(token).editionFiles.list({ bookId, editionFormat: 'ebook' });
    expect(listed.map((listedFile) => listedFile.id)).toContain(file.id);
  });

  it('tells the author exactly what is wrong with a broken EPUB, and keeps nothing', async () => {
    const before = await storedState();
    const container = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;
    const opf = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier><dc:language>en</dc:language></metadata><manifest><item id="c1" href="chapter-1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c2"/></spine></package>`;
    const cases: [string, Buffer, string[]][] = [
      [
        'mimetype compressed, not first',
        await zipOf([
          { name: 'META-INF/container.xml', content: container },
          { name: 'mimetype', content: 'application/epub+zip' },
        ]),
        ['The first file in the EPUB must be "mimetype"'],
      ],
      [
        'mimetype deflated',
        await zipOf([
          { name: 'mimetype', content: 'application/epub+zip', compress: true },
          { name: 'META-INF/container.xml', content: container },
          { name: 'OEBPS/content.opf', content: opf },
        ]),
        ['"mimetype" must be stored uncompressed'],
      ],
      [
        'no container',
        await zipOf([{ name: 'mimetype', content: 'application/epub+zip', compress: false }]),
        ['META-INF/container.xml is missing'],
      ],
      [
        'OPF without title, chapter missing, spine pointing nowhere',
        await zipOf([
          { name: 'mimetype', content: 'application/epub+zip', compress: false },
          { name: 'META-INF/container.xml', content: container },
          { name: 'OEBPS/content.opf', content: opf },
        ]),
        [
          'The book has no title (dc:title)',
          'The manifest lists "chapter-1.xhtml", which is not in the file',
          'The spine refers to "c2", which the manifest does not list',
        ],
      ],
      [
        'OPF not XML',
        await zipOf([
          { name: 'mimetype', content: 'application/epub+zip', compress: false },
          { name: 'META-INF/container.xml', content: container },
          { name: 'OEBPS/content.opf', content: '<package><metadata></package>' },
        ]),
        ['"OEBPS/content.opf" is not well-formed XML'],
      ],
    ];
    for (const [label, content, problems] of cases) {
      const response = await upload(`${label}.epub`, content);
      expect(response.statusCode, label).toBe(422);
      const body = response.json<{ error: string; problems: string[] }>();
      for (const problem of problems) expect(body.problems.join('\n'), label).toContain(problem);
    }
    expect(await storedState()).toEqual(before);
  });

  it('refuses hostile EPUBs (../ names, a zip bomb, 10,001 entries) before unpacking them', async () => {
    const before = await storedState();
    const mimetype = { name: 'mimetype', content: 'application/epub+zip', compress: false };
    // yazl refuses to write ../ names: written as "xx/xx/…", then renamed in the bytes, as an attacker would.
    const escape = Buffer.from(
      (await zipOf([mimetype, { name: 'xx/xx/etc/cron.d/evil', content: 'x' }]))
        .toString('latin1')
        .replaceAll('xx/xx/', '../../'),
      'latin1',
    );
    const escapeResponse = await upload('escape.epub', escape);
    expect(escapeResponse.statusCode).toBe(422);
    expect(escapeResponse.json<{ error: string }>().error).toContain('leads outside the book');
    // 200 MB of zeros deflate to ~200 KB (1000:1): refused by its ratio from the central directory, never inflated.
    async function* zeros() {
      const block = Buffer.alloc(1024 * 1024);
      for (let n = 0; n < 200; n += 1) yield block;
    }
    const bomb = await zipOf([mimetype, { name: 'OEBPS/chapter.xhtml', content: zeros() }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const bombResponse = await upload('bomb.epub', bomb);
    expect(bombResponse.statusCode).toBe(422);
    expect(bombResponse.json<{ error: string }>().error).toMatch(
      /unpacks to \d{3,} times its packed size \(a zip bomb\?\): refused/,
    );
    const crowd = await zipOf([
      mimetype,
      ...Array.from({ length: 10_001 }, (_, n) => ({ name: `f/${n}`, content: '' })),
    ]);
    const crowdResponse = await upload('crowd.epub', crowd);
    expect(crowdResponse.statusCode).toBe(422);
    expect(crowdResponse.json<{ error: string }>().error).toContain('more than 10000 files');
    expect(await storedState()).toEqual(before);
  }, 60_000);

  it('refuses a file that is not what its name says, a kind the edition does not take, strangers and unknown editions', async () => {
    const before = await storedState();
    const pdf = await samplePdf();
    const disguised = await upload('book.epub', pdf);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json<{ error: string }>().error).toBe(
      'This file is not a real EPUB file: its content is PDF, not what its name says',
    );
    expect((await upload('chapter.mp3', Buffer.from('just text, no audio at all'), 'audiobook')).statusCode).toBe(415);
    expect((await upload('book.mp3', sampleMp3('x').file, 'ebook')).statusCode).toBe(415);
    expect((await upload('book.epub', await makeDemoEpub(), 'hardcover')).statusCode).toBe(404);
    expect((await upload('book.epub', await makeDemoEpub(), 'ebook', 'no-such-book')).statusCode).toBe(404);
    expect((await upload('book.epub', await makeDemoEpub(), 'ebook', bookId, false)).statusCode).toBe(401);
    expect(await storedState()).toEqual(before);
  });
});

describe('personal copies', () => {
  it('makes an EPUB copy once per purchase, with the ex-libris page in the spine and the fingerprint in three places', async () => {
    const file = (await upload('ashwarden.epub', await makeDemoEpub())).json<EditionFile>();
    const fingerprint = newFingerprint();
    const request = { editionFileId: file.id, buyerName: 'Ada Reader', orderRef: '1234', fingerprint, madeAt: MADE_AT };
    const copy = await makePersonalCopy(t.services.db, store, request);
    expect(copy).toMatchObject({ contentType: 'application/epub+zip', fileName: 'the-ashwarden.epub' });
    // Asked again (a retried webhook): the same kept file, not a new one.
    expect(await makePersonalCopy(t.services.db, store, { ...request, fingerprint: newFingerprint() })).toEqual(copy);

    const { zip, entries } = await openStoredZip(store, copy.fileId, copy.bytes);
    const entry = (name: string) =>
      readEntry(
        zip,
        entries.find((candidate) => candidate.fileName === name)!,
        1e6,
      );
    expect(entries[0]!.fileName).toBe('mimetype');
    expect(entries[0]!.compressionMethod).toBe(0);
    const page = (await entry('OEBPS/ex-libris.xhtml')).toString();
    expect(page).toContain('This copy was made for Ada Reader, order 1234, on 27 November 2026.');
    const opf = (await entry('OEBPS/content.opf')).toString();
    expect(opf).toMatch(/<spine>\s*<itemref idref="personal-copy"\/>/);
    expect(opf).toContain('<item id="personal-copy" href="ex-libris.xhtml" media-type="application/xhtml+xml"/>');
    zip.close();

    const found = await findCopyFingerprint(readWhole(store, copy.fileId, copy.bytes));
    expect(found).toEqual({ fingerprint, foundIn: ['zip comment', 'opf identifier', 'ex-libris page'] });
    expect((await findCopyByFingerprint(t.services.db, fingerprint))?.orderRef).toBe('1234');

    // Unzipped and zipped again (no comment), the OPF's identifier and the page still name the copy.
    const reopened = await openStoredZip(store, copy.fileId, copy.bytes);
    const rezipped = await zipOf(
      await Promise.all(
        reopened.entries.map(async (e) => ({ name: e.fileName, content: await readEntry(reopened.zip, e, 1e7) })),
      ),
    );
    reopened.zip.close();
    expect(await findCopyFingerprint(Readable.from([rezipped]))).toEqual({
      fingerprint,
      foundIn: ['opf identifier', 'ex-libris page'],
    });
    expect(await findCopyFingerprint(Readable.from([await makeDemoEpub()]))).toBeNull();
  });

  it('stamps every page of a PDF and puts the fingerprint in its keywords', async () => {
    const file = (await upload('ashwarden.pdf', await samplePdf(3))).json<EditionFile>();
    expect(file.checked.summary).toBe('PDF: 3 pages');
    const fingerprint = newFingerprint();
    const copy = await makePersonalCopy(t.services.db, store, {
      editionFileId: file.id,
      buyerName: 'Zoë Łuczak',
      orderRef: 'A-77',
      fingerprint,
      madeAt: MADE_AT,
    });
    const bytes = await bytesOf(readWhole(store, copy.fileId, copy.bytes));
    // The footer's text, hex-encoded by pdf-lib, in each page's (deflated) content stream.
    const line = 'This copy was made for Zoe ?uczak, order A-77, on 27 November 2026.';
    const hex = Buffer.from(line, 'latin1').toString('hex').toUpperCase();
    const streams = [...bytes.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((match) => {
      const raw = Buffer.from(match[1]!, 'latin1');
      try {
        return inflateSync(raw).toString('latin1');
      } catch {
        return raw.toString('latin1');
      }
    });
    expect(streams.filter((stream) => stream.includes(hex))).toHaveLength(3);
    expect(await findCopyFingerprint(Readable.from([bytes]))).toEqual({ fingerprint, foundIn: ['pdf keywords'] });
  });

  it('makes an audiobook a ZIP of its chapters, each MP3 tagged with the order, its audio untouched', async () => {
    const one = sampleMp3('Chapter One');
    const two = sampleMp3('Chapter Two', 3 * SALES_CHUNK_BYTES + 17);
    const first = (await upload('01-ashes.mp3', one.file, 'audiobook')).json<EditionFile>();
    expect((await upload('02-embers.mp3', two.file, 'audiobook')).statusCode).toBe(201);
    const fingerprint = newFingerprint();
    const copy = await makePersonalCopy(t.services.db, store, {
      editionFileId: first.id,
      buyerName: 'Ada Reader',
      orderRef: '1234',
      fingerprint,
      madeAt: MADE_AT,
    });
    expect(copy).toMatchObject({ contentType: 'application/zip', fileName: 'the-ashwarden-audiobook.zip' });
    const { zip, entries } = await openStoredZip(store, copy.fileId, copy.bytes);
    expect(zip.comment).toBe(
      `This copy was made for Ada Reader, order 1234, on 27 November 2026. personal-copy:${fingerprint}`,
    );
    expect(entries.map((entry) => [entry.fileName, entry.fileComment])).toEqual([
      ['01 01-ashes.mp3', 'This copy was made for Ada Reader, order 1234, on 27 November 2026.'],
      ['02 02-embers.mp3', 'This copy was made for Ada Reader, order 1234, on 27 November 2026.'],
    ]);
    for (const [index, original] of [one, two].entries()) {
      const tagged = await readEntry(zip, entries[index]!, 10 * SALES_CHUNK_BYTES);
      const tagBytes = 10 + ((tagged[6]! << 21) | (tagged[7]! << 14) | (tagged[8]! << 7) | tagged[9]!);
      const tag = tagged.subarray(0, tagBytes);
      expect(tag.subarray(0, 4).toString('latin1')).toBe('ID3\u0003');
      expect(tag.toString('latin1')).toContain(`TIT2`);
      expect(tag.toString('latin1')).toContain(index === 0 ? 'Chapter One' : 'Chapter Two');
      const comment = 'This copy was made for Ada Reader, order 1234';
      expect(tag.toString('utf16le') + tag.toString('utf16le', 1)).toContain(comment);
      expect(tagged.subarray(tagBytes).equals(original.audio)).toBe(true);
    }
    zip.close();
    const found = await findCopyFingerprint(readWhole(store, copy.fileId, copy.bytes));
    expect(found?.fingerprint).toBe(fingerprint);
    expect(found?.foundIn).toEqual(expect.arrayContaining(['zip comment', 'id3 tag']));
  });

  it('refuses a bad fingerprint or an unknown file, and an erasure removes an order’s copies and their bytes', async () => {
    const file = (await upload('ashwarden.epub', await makeDemoEpub())).json<EditionFile>();
    const request = {
      editionFileId: file.id,
      buyerName: 'Ada',
      orderRef: 'E-1',
      fingerprint: newFingerprint(),
      madeAt: MADE_AT,
    };
    await expect(makePersonalCopy(t.services.db, store, { ...request, fingerprint: 'a b' })).rejects.toThrow(
      CopyNotPossible,
    );
    await expect(makePersonalCopy(t.services.db, store, { ...request, editionFileId: 'nope' })).rejects.toThrow(
      'No edition file has this id',
    );
    const copy = await makePersonalCopy(t.services.db, store, request);
    expect(await removeCopiesOfOrder(t.services.db, store, 'E-1')).toBe(1);
    expect(await findCopyByFingerprint(t.services.db, request.fingerprint)).toBeUndefined();
    await expect(bytesOf(readWhole(store, copy.fileId, copy.bytes))).rejects.toThrow();
  });

  it('removing an edition file keeps the copies already made', async () => {
    const file = (await upload('ashwarden.epub', await makeDemoEpub())).json<EditionFile>();
    const copy = await makePersonalCopy(t.services.db, store, {
      editionFileId: file.id,
      buyerName: 'Ada',
      orderRef: 'R-1',
      fingerprint: newFingerprint(),
      madeAt: MADE_AT,
    });
    await t.callerWithKey(token).editionFiles.remove({ id: file.id });
    expect(await t.callerWithKey(token).editionFiles.list({ bookId })).not.toContainEqual(
      expect.objectContaining({ id: file.id }),
    );
    expect((await bytesOf(readWhole(store, copy.fileId, copy.bytes))).length).toBe(copy.bytes);
  });
});

import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectSameBytes } from '../../test-support/bytes.js';
import { useTestApp } from '../../test-support/app-context.js';
import { SVG_IMAGE } from '../../test-support/images.js';
import { metadataOf, photo } from '../../test-support/photos.js';
import { listImages } from './images-repository.js';
import { processExistingUploads } from './process-existing-uploads.js';

/**
 * Counts the reads of the whole images table (a select from `images` with no where) made through a database: no
 * vi.mock, which test files sharing a worker's modules (isolate: false) would not see once another file loaded it.
 */
function countingWholeImageReads(): { plugin: KyselyPlugin; count: () => number } {
  let reads = 0;
  const readsAllImages = (node: RootOperationNode) =>
    node.kind === 'SelectQueryNode' && !node.where && JSON.stringify(node.from).includes('"images"');
  return {
    plugin: {
      transformQuery: ({ node }) => {
        if (readsAllImages(node)) reads += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    },
    count: () => reads,
  };
}

const context = useTestApp();
const uploadsDir = () => context.t.services.uploadsDir;

function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  return {
    lines,
    info: (_details: object, message: string) => lines.push({ level: 'info', message }),
    warn: (_details: object, message: string) => lines.push({ level: 'warn', message }),
  };
}

const OLD_PHOTO = 'd0000000000000000000000000000001.jpg';
const OLD_SVG = 'd0000000000000000000000000000002.svg';
const DAMAGED = 'd0000000000000000000000000000003.jpg';

describe('processExistingUploads (the start-up job)', () => {
  it('strips and makes variants for earlier uploads, one log line each, and leaves SVG and damaged files alone', async () => {
    const phone = await photo(1600, 1200, { gps: true, orientation: 6 });
    await writeFile(path.join(uploadsDir(), OLD_PHOTO), phone, { mode: 0o600 });
    await writeFile(path.join(uploadsDir(), OLD_SVG), SVG_IMAGE, { mode: 0o600 });
    const damaged = phone.subarray(0, phone.length >> 1);
    await writeFile(path.join(uploadsDir(), DAMAGED), damaged, { mode: 0o600 });

    const log = recordingLog();
    expect(await processExistingUploads(context.t.services.db, context.t.services.uploads, log)).toEqual({
      processed: 1,
      failed: 1,
    });
    expect(log.lines).toEqual([
      {
        level: 'info',
        message: `image variants: ${OLD_PHOTO} (1200×1600) stripped of metadata, 18 variants`,
      },
      { level: 'warn', message: expect.stringMatching(new RegExp(`^image variants: ${DAMAGED} skipped: .*damaged`)) },
    ]);

    // The original keeps its name (content refers to it) but no longer carries the GPS position.
    const original = await metadataOf(await readFile(path.join(uploadsDir(), OLD_PHOTO)));
    expect(original).toMatchObject({ width: 1200, height: 1600, exif: null });
    expect((await stat(path.join(uploadsDir(), OLD_PHOTO))).mode & 0o777).toBe(0o600);
    const variants = (await readdir(uploadsDir())).filter((name) =>
      name.startsWith('d0000000000000000000000000000001-'),
    );
    expect(variants).toHaveLength(18);
    for (const variant of variants) {
      const metadata = await metadataOf(await readFile(path.join(uploadsDir(), variant)));
      expect(metadata.exif, variant).toBeNull();
      expect(metadata.width!, variant).toBeLessThanOrEqual(1200);
    }
    expectSameBytes(await readFile(path.join(uploadsDir(), OLD_SVG)), SVG_IMAGE, 'SVG upload');
    expectSameBytes(await readFile(path.join(uploadsDir(), DAMAGED)), damaged, 'damaged upload');
    expect((await readdir(uploadsDir())).filter((name) => name.startsWith('.'))).toEqual([]);

    // Once done, a later start only retries the damaged file.
    const again = recordingLog();
    expect(await processExistingUploads(context.t.services.db, context.t.services.uploads, again)).toEqual({
      processed: 0,
      failed: 1,
    });
  });

  it('reads the image rows once for a run, however many uploads it processes (not once per image)', async () => {
    const names = [1, 2, 3].map((n) => `e000000000000000000000000000000${n}.jpg`);
    for (const [index, name] of names.entries()) {
      await writeFile(path.join(uploadsDir(), name), await photo(320 + index * 10, 200), { mode: 0o600 });
    }
    const wholeReads = countingWholeImageReads();
    const log = recordingLog();
    // (Other uploads the app's data holds may be processed too.)
    const counted = context.t.services.db.withPlugin(wholeReads.plugin);
    const { processed } = await processExistingUploads(counted, context.t.services.uploads, log);
    expect(processed).toBeGreaterThanOrEqual(names.length);
    expect(wholeReads.count()).toBe(1);
    const images = await listImages(context.t.services.db);
    for (const name of names) expect(images.get(name)?.variants.length, name).toBeGreaterThan(0);
  });
});

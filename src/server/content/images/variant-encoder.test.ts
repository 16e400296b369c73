import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { metadataOf, photo } from '../../test-support/photos.js';
import { ImageRejectedError } from './image-rejected.js';
import { processImage } from './process-image.js';
import { startEncoder, withVariantEncoder } from './variant-encoder.js';

const forked: ChildProcess[] = [];
const recordedStart = () => {
  const child = startEncoder();
  forked.push(child);
  return child;
};

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'processed',
    (error: unknown) => (error instanceof ImageRejectedError ? error.statusCode : String(error)),
  );

describe('withVariantEncoder (the image-variants job encodes in a child process)', () => {
  it("makes an upload's widths and formats in one child process, refuses a damaged image there, and stops it after", async () => {
    forked.length = 0;
    const phone = await photo(1000, 600, { gps: true, orientation: 6 });
    const damaged = phone.subarray(0, phone.length >> 1);
    const upload = await processImage(phone, 'jpg');

    const results = await withVariantEncoder(
      async (process) => [await outcome(process(damaged, 'jpg')), await process(phone, 'jpg')],
      recordedStart,
    );

    expect(results[0]).toBe(400);
    const bulk = results[1] as Awaited<ReturnType<typeof processImage>>;
    expect([bulk.width, bulk.height]).toEqual([upload.width, upload.height]);
    expect(bulk.variants.map(({ width, height, format }) => [width, height, format])).toEqual(
      upload.variants.map(({ width, height, format }) => [width, height, format]),
    );
    for (const variant of [...bulk.variants, { data: bulk.original, width: 600, format: 'jpeg' }]) {
      const metadata = await metadataOf(variant.data);
      expect(metadata, `${variant.width} ${variant.format}`).toMatchObject({ width: variant.width, exif: null });
    }
    expect(forked).toHaveLength(1);
    expect(forked[0]!.pid).not.toBe(process.pid);
    expect(forked[0]!.exitCode ?? forked[0]!.signalCode).not.toBeNull();
  });

  it('fails the image whose encoder stops, and starts another for the next one', async () => {
    forked.length = 0;
    const picture = await photo(400, 300);
    const results = await withVariantEncoder(async (process) => {
      const first = outcome(process(picture, 'jpg'));
      forked[0]!.kill('SIGKILL');
      return [await first, await outcome(process(picture, 'jpg'))];
    }, recordedStart);
    expect(results).toEqual(['Error: the image encoder stopped', 'processed']);
    expect(forked).toHaveLength(2);
    for (const child of forked) expect(child.exitCode ?? child.signalCode).not.toBeNull();
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blackPng, pngDeclaring } from '../../test-support/images.js';
import { cpuTimeOf } from '../../test-support/cpu-time.js';
import { metadataOf, photo } from '../../test-support/photos.js';
import { variantWidths } from './image-variants.js';
import { ImageRejectedError } from './image-rejected.js';
import { processImage } from './process-image.js';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ImageRejectedError ? error.statusCode : error),
  );

describe('variantWidths', () => {
  it('never goes wider than the original and includes it when it is not wider than 1920', () => {
    expect(variantWidths(200)).toEqual([200]);
    expect(variantWidths(700)).toEqual([320, 480, 640, 700]);
    expect(variantWidths(960)).toEqual([320, 480, 640, 800, 960]);
    expect(variantWidths(4000)).toEqual([320, 480, 640, 800, 960, 1440, 1920]);
  });
});

describe('processImage', () => {
  it('strips EXIF (GPS, camera) from the original and every variant, and applies the orientation', async () => {
    // Stored 300 × 200 with orientation 6: shown rotated a quarter turn, 200 wide and 300 tall.
    const phone = await photo(300, 200, { gps: true, orientation: 6 });
    expect((await metadataOf(phone)).exif?.toString('latin1')).toContain('WGS-84');

    const processed = await processImage(phone, 'jpg');
    expect([processed.width, processed.height]).toEqual([200, 300]);
    for (const bytes of [processed.original, ...processed.variants.map((variant) => variant.data)]) {
      const metadata = await metadataOf(bytes);
      expect(metadata).toMatchObject({ exif: null, xmp: null, iptc: null });
      expect(metadata.orientation ?? 1).toBe(1);
      expect(metadata.height! / metadata.width!).toBeCloseTo(1.5, 1);
    }
    // The red left third of the stored photo is the top third once upright.
    const { data } = await sharp(processed.original).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[2]).toBeLessThan(80);
    const bottomLeft = 299 * 200 * 3;
    expect(data[bottomLeft + 2]).toBeGreaterThan(150);
  });

  it('makes AVIF, WebP and JPEG variants at each width, never wider than the original', async () => {
    const processed = await processImage(await photo(1000, 600), 'jpg');
    const made = processed.variants.map((variant) => `${variant.format}@${variant.width}x${variant.height}`);
    const expected = [320, 480, 640, 800, 960, 1000].flatMap((width) => {
      const size = `${width}x${Math.round(width * 0.6)}`;
      return [`avif@${size}`, `webp@${size}`, `jpeg@${size}`];
    });
    expect(made).toEqual(expected);
    for (const variant of processed.variants) {
      const metadata = await metadataOf(variant.data);
      expect(metadata.format).toBe(variant.format === 'avif' ? 'heif' : variant.format);
      expect(metadata.width).toBe(variant.width);
    }
    expect(processed.placeholder).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('keeps transparency: a PNG with alpha gets PNG fallbacks', async () => {
    const processed = await processImage(await photo(400, 300, { format: 'png', alpha: true }), 'png');
    expect(new Set(processed.variants.map((variant) => variant.format))).toEqual(new Set(['avif', 'webp', 'png']));
    expect((await metadataOf(processed.original)).format).toBe('png');
  });

  it('accepts WebP, AVIF and GIF, keeping each original in its own format', async () => {
    for (const format of ['webp', 'avif', 'gif'] as const) {
      const processed = await processImage(await photo(360, 240, { format }), format);
      expect((await metadataOf(processed.original)).format).toBe(format === 'avif' ? 'heif' : format);
      expect(processed.variants.map((variant) => variant.width)).toContain(360);
    }
  });

  it('refuses a truncated JPEG with 400', async () => {
    const whole = await photo(640, 480);
    expect(await refusal(processImage(whole.subarray(0, Math.floor(whole.length / 2)), 'jpg'))).toBe(400);
  });

  it('refuses a decompression bomb with 413 before decoding it', async () => {
    const bomb = pngDeclaring(60_000, 60_000);
    expect(bomb.length).toBeLessThan(100_000);
    const { result, cpuMs } = await cpuTimeOf(() => refusal(processImage(bomb, 'png')));
    expect(result).toBe(413);
    expect(cpuMs, 'CPU time to refuse, ms').toBeLessThan(1000);
  });

  it('refuses a 76 KB strip of 1 × 39,000,000 pixels from its header, in well under a second', async () => {
    const strip = blackPng(1, 39_000_000);
    expect(strip.length).toBeLessThan(200_000);
    const { result, cpuMs } = await cpuTimeOf(() => refusal(processImage(strip, 'png')));
    expect(result).toBe(413);
    expect(cpuMs, 'CPU time to refuse, ms').toBeLessThan(1000);
  });

  it('refuses a cheap 16000 × 2500 WebP before decoding it (no 300 MB of pixels)', async () => {
    const wide = await sharp({ create: { width: 16_000, height: 2_500, channels: 3, background: '#203040' } })
      .webp({ lossless: true, effort: 0 })
      .toBuffer();
    expect(wide.length).toBeLessThan(1_000_000);
    const rssBefore = process.memoryUsage().rss;
    const { result, cpuMs } = await cpuTimeOf(() => refusal(processImage(wide, 'webp')));
    expect(result).toBe(413);
    expect(cpuMs, 'CPU time to refuse, ms').toBeLessThan(1000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses a strip longer than 8 times its width, and accepts a phone panorama (1:4)', async () => {
    expect(await refusal(processImage(blackPng(100, 900), 'png'))).toBe(400);
    const panorama = await processImage(blackPng(2_400, 600), 'png');
    expect([panorama.width, panorama.height]).toEqual([2_400, 600]);
  });

  it('refuses bytes that are no image with 4xx', async () => {
    const status = await refusal(processImage(Buffer.from('\xff\xd8\xff\xe0 not really a jpeg', 'latin1'), 'jpg'));
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });
});

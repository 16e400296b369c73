import { describe, expect, it } from 'vitest';
import type { ResponsiveImageData } from '../../domain/images.js';
import { headFor, pageSeo } from './head.js';
import { socialImageFor, structuredDataImage } from './social-image.js';

/** An upload's variants as the images table describes them (widths never above the original). */
function upload(
  width: number,
  height: number,
  widths: number[],
  formats = ['avif', 'webp', 'jpg'],
): ResponsiveImageData {
  const types: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };
  return {
    width,
    height,
    placeholder: '#332211',
    variants: widths.flatMap((w) => formats.map((f) => ({ url: `/objects/c-${w}.${f}`, width: w, type: types[f]! }))),
  };
}

describe('the image a page offers to link previews', () => {
  it('is the narrowest JPEG at least 1200 px wide, with its size, never the original', () => {
    const cover = upload(3000, 4500, [320, 480, 640, 800, 960, 1440, 1920]);
    expect(socialImageFor('/objects/c.jpg', cover, 'Cover')).toEqual({
      src: '/objects/c-1440.jpg',
      alt: 'Cover',
      width: 1440,
      height: 2160,
      type: 'image/jpeg',
    });
  });

  it('is the widest variant when the upload is narrower than 1200 px; PNG uploads give PNG', () => {
    const small = upload(700, 1050, [320, 480, 640, 700], ['avif', 'webp', 'png']);
    expect(socialImageFor('/objects/c.png', small, 'Cover')).toMatchObject({
      src: '/objects/c-700.png',
      width: 700,
      height: 1050,
      type: 'image/png',
    });
  });

  it('takes WebP only when an upload has no JPEG or PNG variant', () => {
    const webpOnly = upload(2000, 1000, [960, 1440], ['avif', 'webp']);
    expect(socialImageFor('/objects/c.webp', webpOnly, 'Art')).toMatchObject({
      src: '/objects/c-1440.webp',
      height: 720,
    });
  });

  it('falls back to the shared social card for SVG art, and passes another site’s image on as it is', () => {
    expect(socialImageFor('/objects/demo-cover.svg', undefined, 'Cover')).toBeNull();
    expect(socialImageFor('/objects/DEMO.SVG?v=2', undefined, 'Cover')).toBeNull();
    expect(socialImageFor('https://example.com/cover.jpg', undefined, 'Cover')).toEqual({
      src: 'https://example.com/cover.jpg',
      alt: 'Cover',
    });
    // An upload whose variants are not (yet) made keeps its own URL.
    expect(socialImageFor('/objects/c.jpg', undefined, 'Cover')).toEqual({ src: '/objects/c.jpg', alt: 'Cover' });
  });

  it('names the same variant in structured data, and keeps SVG there (search engines read it)', () => {
    expect(structuredDataImage('/objects/c.jpg', upload(3000, 2000, [960, 1440, 1920]))).toBe('/objects/c-1440.jpg');
    expect(structuredDataImage('/objects/demo.svg', undefined)).toBe('/objects/demo.svg');
  });

  it('becomes og:image and twitter:image with width, height and type; SVG gives the 1200 x 630 card', () => {
    const origin = 'https://site.example';
    const meta = (image: ReturnType<typeof socialImageFor>) =>
      Object.fromEntries(
        headFor(pageSeo({ origin, title: 'T', description: 'D', path: '/books/x', image })).meta.flatMap((tag) => {
          const key = (tag.property ?? tag.name) as string | undefined;
          return key ? [[key, tag.content]] : [];
        }),
      );
    const raster = meta(socialImageFor('/objects/c.jpg', upload(3000, 4500, [960, 1440, 1920]), 'Cover of T'));
    expect(raster).toMatchObject({
      'og:image': `${origin}/objects/c-1440.jpg`,
      'og:image:width': '1440',
      'og:image:height': '2160',
      'og:image:type': 'image/jpeg',
      'og:image:alt': 'Cover of T',
      'twitter:image': `${origin}/objects/c-1440.jpg`,
    });
    const svg = meta(socialImageFor('/objects/demo.svg', undefined, 'Cover of T'));
    expect(svg).toMatchObject({
      'og:image': `${origin}/social-card.jpg`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:image': `${origin}/social-card.jpg`,
    });
  });
});

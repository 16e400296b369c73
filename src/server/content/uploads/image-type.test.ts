import { describe, expect, it } from 'vitest';
import {
  AVIF_BYTES,
  GIF_BYTES,
  HEIC_PHOTO,
  JPEG_BYTES,
  SVG_IMAGE,
  TEXT_POSING_AS_PNG,
  TINY_PNG,
  WEBP_BYTES,
} from '../../test-support/images.js';
import { detectImageType, storedExtension } from './image-type.js';

describe('detectImageType', () => {
  it.each([
    ['PNG', TINY_PNG, { extension: 'png', mimeType: 'image/png' }],
    ['JPEG', JPEG_BYTES, { extension: 'jpg', mimeType: 'image/jpeg' }],
    ['GIF', GIF_BYTES, { extension: 'gif', mimeType: 'image/gif' }],
    ['GIF87a', Buffer.from('GIF87a\x01\x00', 'latin1'), { extension: 'gif', mimeType: 'image/gif' }],
    ['WebP', WEBP_BYTES, { extension: 'webp', mimeType: 'image/webp' }],
    ['AVIF', AVIF_BYTES, { extension: 'avif', mimeType: 'image/avif' }],
    ['HEIC', HEIC_PHOTO, { extension: 'heic', mimeType: 'image/heic' }],
    [
      'HEIF (mif1)',
      Buffer.from('\0\0\0\x18ftypmif1\0\0\0\0mif1heic', 'latin1'),
      { extension: 'heic', mimeType: 'image/heic' },
    ],
  ])('recognises %s by its first bytes', (_name, bytes, type) => {
    expect(detectImageType(bytes)).toEqual(type);
  });

  it.each([
    ['text', TEXT_POSING_AS_PNG],
    ['SVG', SVG_IMAGE],
    ['empty', Buffer.alloc(0)],
    ['a truncated PNG signature', TINY_PNG.subarray(0, 4)],
    ['RIFF that is not WebP', Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1')],
    ['an MP4 (ftyp without avif brand)', Buffer.from('\x00\x00\x00\x18ftypisom\x00\x00\x00\x00isommp41', 'latin1')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s', (_name, bytes) => {
    expect(detectImageType(bytes)).toBeNull();
  });

  it('stores a HEIC photo under .jpg (it is re-encoded as JPEG) and every other image under its own extension', () => {
    expect(storedExtension(detectImageType(HEIC_PHOTO)!)).toBe('jpg');
    expect(storedExtension(detectImageType(AVIF_BYTES)!)).toBe('avif');
  });
});

import { describe, expect, it } from 'vitest';
import { UPLOAD_ERRORS } from '../../../domain/images.js';
import { checkImageFile } from './upload-image.js';

describe('checkImageFile', () => {
  it('lets a HEIC/HEIF photo through, also when the browser gives it no type (the server stores it as JPEG)', () => {
    expect(checkImageFile({ name: 'IMG_0002.HEIC', type: '', size: 2_000_000 })).toBeNull();
    expect(checkImageFile({ name: 'photo.heif', type: '', size: 2_000_000 })).toBeNull();
    expect(checkImageFile({ name: 'IMG_0002', type: 'image/heic', size: 2_000_000 })).toBeNull();
  });

  it('refuses a file that is neither an image type nor named .heic/.heif', () => {
    expect(checkImageFile({ name: 'notes.txt', type: 'text/plain', size: 20 })).toEqual(UPLOAD_ERRORS.invalidType);
    expect(checkImageFile({ name: 'IMG_0002.heic.txt', type: '', size: 20 })).toEqual(UPLOAD_ERRORS.invalidType);
  });
});

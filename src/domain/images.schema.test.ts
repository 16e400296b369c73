import { describe, expect, it } from 'vitest';
import { COVER_IMAGE_MESSAGE } from './images.js';
import { coverImageSchema } from './images.schema.js';
import { TEXT_LIMITS } from './limits.js';

describe('coverImageSchema', () => {
  it('trims, then applies the rule with the spec message', () => {
    expect(coverImageSchema.parse('  /objects/a.png ')).toBe('/objects/a.png');
    expect(coverImageSchema.safeParse('cover.png').error?.issues[0]?.message).toBe(COVER_IMAGE_MESSAGE);
    expect(COVER_IMAGE_MESSAGE).toBe('Cover image must be a valid URL or uploaded file path');
  });

  it('requires a value and bounds its length', () => {
    expect(coverImageSchema.safeParse(' ').error?.issues.map((issue) => issue.message)).toEqual([
      'Cover image is required',
    ]);
    const long = `https://example.com/${'a'.repeat(TEXT_LIMITS.url)}`;
    expect(coverImageSchema.safeParse(long).error?.issues[0]?.message).toBe(
      `Cover image must be at most ${TEXT_LIMITS.url} characters`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ADMIN_EXCERPT_PREVIEW_CHARS, DEFAULT_SPOILER_LEVEL, excerptPreview, spoilerBadgeFor } from './excerpts.js';

describe('spoilerBadgeFor', () => {
  it.each([
    ['none', 'No Spoilers', 'green'],
    ['minor', 'Minor Spoilers', 'yellow'],
    ['major', 'Major Spoilers', 'red'],
  ])('labels %s as %s in %s', (level, label, color) => {
    expect(spoilerBadgeFor(level)).toEqual({ label, color });
  });

  it.each(['', 'MAJOR', 'extreme', 'toString', '__proto__'])('labels the unknown level %j as Unknown', (level) => {
    expect(spoilerBadgeFor(level).label).toBe('Unknown');
  });

  it('defaults to no spoilers', () => {
    expect(DEFAULT_SPOILER_LEVEL).toBe('none');
  });
});

describe('excerptPreview', () => {
  it('keeps short content whole', () => {
    expect(excerptPreview('Short.')).toBe('Short.');
  });

  it('cuts long content at 200 characters', () => {
    const preview = excerptPreview('a'.repeat(250));
    expect(ADMIN_EXCERPT_PREVIEW_CHARS).toBe(200);
    expect(preview).toBe(`${'a'.repeat(200)}...`);
  });
});

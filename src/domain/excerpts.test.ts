import { describe, expect, it } from 'vitest';
import { DEFAULT_SPOILER_LEVEL, spoilerBadgeFor } from './excerpts.js';

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

import { describe, expect, it } from 'vitest';
import { EVERYTHING, NEW_RELEASES, withExclusiveInterests } from './exclusive-interests.js';

describe('withExclusiveInterests', () => {
  it('unticks "New releases only" when "Everything" is ticked, and the other way round; series stay', () => {
    expect(withExclusiveInterests([NEW_RELEASES, 'series:a', EVERYTHING], [NEW_RELEASES, 'series:a'])).toEqual([
      'series:a',
      EVERYTHING,
    ]);
    expect(withExclusiveInterests([EVERYTHING, NEW_RELEASES], [EVERYTHING])).toEqual([NEW_RELEASES]);
    expect(withExclusiveInterests(['series:a'], [EVERYTHING, 'series:a'])).toEqual(['series:a']);
  });
});

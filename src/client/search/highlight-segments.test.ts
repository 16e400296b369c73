import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight-segments.js';

describe('highlightSegments', () => {
  it('splits marked HTML into text and matches, unescaping the text', () => {
    expect(highlightSegments('&lt;b&gt; <mark>Ash</mark> &amp; &quot;crown&quot; &#39;s')).toEqual([
      { text: '<b> ', match: false },
      { text: 'Ash', match: true },
      { text: ' & "crown" \'s', match: false },
    ]);
  });

  it('reads no tag but <mark> as markup', () => {
    expect(highlightSegments('<img src=x onerror=alert(1)><mark>a</mark>')).toEqual([
      { text: '<img src=x onerror=alert(1)>', match: false },
      { text: 'a', match: true },
    ]);
  });

  it('does not unescape twice', () => {
    expect(highlightSegments('&amp;lt;script&amp;gt;')).toEqual([{ text: '&lt;script&gt;', match: false }]);
  });
});

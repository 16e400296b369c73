import { describe, expect, it } from 'vitest';
import { markedToSegments, segmentsToHtml } from './highlight.js';

const S = '\u0002';
const E = '\u0003';

describe('markedToSegments', () => {
  it('splits marked text into runs of plain text, the matches marked, every character kept', () => {
    expect(markedToSegments(`<b> ${S}Ash${E} & "crown" 's`)).toEqual([
      { text: '<b> ', marked: false },
      { text: 'Ash', marked: true },
      { text: ` & "crown" 's`, marked: false },
    ]);
    expect(markedToSegments('&amp;lt;script&amp;gt;')).toEqual([{ text: '&amp;lt;script&amp;gt;', marked: false }]);
  });

  it('drops a marker without its partner (a cut snippet) and joins neighbouring runs of one kind', () => {
    expect(markedToSegments(`…end${E} of ${S}salt`)).toEqual([
      { text: '…end of ', marked: false },
      { text: 'salt', marked: true },
    ]);
    expect(markedToSegments(`${S}salt${E}${S}marsh${E}${S}${E}`)).toEqual([{ text: 'saltmarsh', marked: true }]);
    expect(markedToSegments('')).toEqual([]);
  });
});

describe('segmentsToHtml', () => {
  it('escapes every character and wraps only the marked runs in <mark>', () => {
    expect(
      segmentsToHtml([
        { text: '<img src=x onerror=alert(1)> ', marked: false },
        { text: '<script>', marked: true },
        { text: ` & "it's"`, marked: false },
      ]),
    ).toBe('&lt;img src=x onerror=alert(1)&gt; <mark>&lt;script&gt;</mark> &amp; &quot;it&#39;s&quot;');
  });
});

import { describe, expect, it } from 'vitest';
import { countWords, formatWordStats, readingMinutes } from './word-count.js';

describe('countWords', () => {
  it('counts the words of plain prose, with contractions, hyphens and numbers as one word', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\n  ')).toBe(0);
    expect(countWords('The bells of Vesperhold rang.')).toBe(5);
    expect(countWords("She didn't look back — the well-kept road ran 12 leagues.")).toBe(10);
    expect(countWords('L’ombre s’étend sur Ébrennes.')).toBe(4);
  });

  it('does not count Markdown syntax', () => {
    expect(countWords('## A *dark* **road**')).toBe(3);
    expect(countWords('> quoted words\n> here')).toBe(3);
    expect(countWords('- one\n- two\n1. three\n2) four')).toBe(4);
    expect(countWords('before\n\n***\n\n- - -\n\n___\n\nafter')).toBe(2);
    expect(countWords('see [the long road](https://example.com/a-very-long-path) now')).toBe(5);
    expect(countWords('![A ruined tower at dusk](/objects/abc.png)')).toBe(0);
    expect(countWords('A claim.[^1]\n\n[^1]: The source of it.')).toBe(6);
    expect(countWords('snake\\_case and \\*stars\\*')).toBe(4);
    expect(countWords('go to https://example.com/x?y=1 today')).toBe(4);
  });
});

describe('reading time', () => {
  it('rounds up to whole minutes at 230 words a minute', () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(230)).toBe(1);
    expect(readingMinutes(231)).toBe(2);
    expect(readingMinutes(1234)).toBe(6);
  });

  it('formats the line under the editor', () => {
    expect(formatWordStats('')).toBe('0 words');
    expect(formatWordStats('*Alone.*')).toBe('1 word · 1 min read');
    expect(formatWordStats('word '.repeat(1234))).toBe('1,234 words · 6 min read');
  });
});

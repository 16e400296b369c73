import { describe, expect, it } from 'vitest';
import { cpuTimeOf } from '../../test-support/cpu-time.js';
import { queryTerms, WORD } from './fts5-query.js';
import { MATCH_END, MATCH_START } from './highlight.js';
import { markAllMatches, snippetAroundMatches } from './match-marks.js';
import { foldForSearch } from './tsquery.js';

const S = '\u0002';
const E = '\u0003';
/** Shows the markers as [ and ] so expectations read plainly. */
const shown = (marked: string) => marked.replaceAll(S, '[').replaceAll(E, ']');

describe('markAllMatches', () => {
  it('marks every whole word, ignoring case and accents, and the last word as a prefix', () => {
    expect(shown(markAllMatches('The Vésper bells of vesper-tide', queryTerms('vesper')))).toBe(
      'The [Vésper] bells of [vesper]-tide',
    );
    expect(shown(markAllMatches('Salt, salted, saltmarsh; basalt', queryTerms('salt')))).toBe(
      '[Salt], [salted], [saltmarsh]; basalt',
    );
    // Only the last word is a prefix: "lan" is whole-word here, "sal" a prefix.
    expect(shown(markAllMatches('lantern lan salt', queryTerms('lan sal')))).toBe('lantern [lan] [salt]');
  });

  it('marks a quoted phrase only where its words follow each other', () => {
    expect(shown(markAllMatches('the drowned city; the city drowned', queryTerms('"the drowned city"')))).toBe(
      '[the] [drowned] [city]; the city drowned',
    );
  });

  it('marks words inside markup-like text, keeping every character', () => {
    expect(shown(markAllMatches('<b>wyvern</b> a@wyvern.org', queryTerms('wyvern')))).toBe(
      '<b>[wyvern]</b> a@[wyvern].org',
    );
  });

  it('reads plain ASCII text (its fast path) exactly as any other text', () => {
    const texts = ['Salt_marsh, 3rd-day SALT salts; x@salt.org', 'the drowned city (the drowned city)', 'a1 A1 a12'];
    for (const query of ['salt', 'a1', '"the drowned city"', 'drowned ci']) {
      for (const text of texts) {
        // A non-ASCII word at the end sends the same text down the general path.
        expect(markAllMatches(`${text} é`, queryTerms(query))).toBe(`${markAllMatches(text, queryTerms(query))} é`);
      }
    }
  });

  it('splits and compares words as FTS5 does, whatever the characters', () => {
    // The reference: WORD's words, each folded whole, compared with the folded query words.
    const reference = (text: string, query: string) => {
      const words = [...text.matchAll(WORD)].map((match) => ({
        at: match.index,
        text: match[0],
        folded: foldForSearch(match[0]),
      }));
      const marked = new Set<number>();
      for (const term of queryTerms(query)) {
        const wanted = term.words.map(foldForSearch);
        for (let at = 0; at + wanted.length <= words.length; at++) {
          const hit = wanted.every((word, offset) =>
            term.prefix ? words[at + offset]!.folded.startsWith(word) : words[at + offset]!.folded === word,
          );
          if (hit) wanted.forEach((_, offset) => marked.add(at + offset));
        }
      }
      let out = '';
      let cursor = 0;
      words.forEach((word, index) => {
        if (!marked.has(index)) return;
        out += text.slice(cursor, word.at) + MATCH_START + word.text + MATCH_END;
        cursor = word.at + word.text.length;
      });
      return out + text.slice(cursor);
    };
    const texts = [
      '“Vésper’s lantern,” she said — the VESPER-tide. Lanterns; lant.',
      'Cafe\u0301 café CAFÉ caf 𝒜lpha 𝒜 x𝒜y 😀lantern lantern😀 ﬁre fire',
      'Straße STRASSE straß İstanbul istanbul ǅemal džemal ÅNGSTRÖM angstrom',
      '\u0301lonely mark, Ελληνικά ελληνικα, 東京 東, a\u0300b a\ud800b',
    ];
    const queries = [
      'vesper',
      'lant',
      'café',
      'cafe',
      '𝒜',
      'fire',
      'straße',
      'istanbul',
      'angstrom',
      'ελληνικα',
      '東',
      'ab',
      '"vesper s lantern"',
      'džemal',
    ];
    for (const text of texts) {
      for (const query of queries)
        expect(markAllMatches(text, queryTerms(query)), `${query} in ${text}`).toBe(reference(text, query));
    }
  });

  it('leaves a text without matches as it is', () => {
    expect(markAllMatches('Nothing here.', queryTerms('ember'))).toBe('Nothing here.');
  });
});

describe('snippetAroundMatches', () => {
  const words = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `w${from + i}`).join(' ');

  it('gives a short text whole, with its punctuation and no ellipsis', () => {
    expect(shown(snippetAroundMatches('A crown of salt. Then ash.', queryTerms('salt'), 28))).toBe(
      'A crown of [salt]. Then ash.',
    );
    expect(snippetAroundMatches('Only the title matched.', queryTerms('ember'), 28)).toBe('Only the title matched.');
  });

  it('opens on the window with the most matches, with an ellipsis where the text goes on', () => {
    const text = `${words(0, 50)} ember ${words(51, 58)} ember ember. ${words(60, 200)}`;
    const snippet = shown(snippetAroundMatches(text, queryTerms('ember'), 10));
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.match(/\[ember\]/g)).toHaveLength(3);
    expect(snippet.replace(/…|\[|\]/g, '').split(' ')).toHaveLength(10);
  });

  it('gives the opening words of a long text without a match', () => {
    expect(snippetAroundMatches(`${words(0, 40)}.`, queryTerms('ember'), 5)).toBe('w0 w1 w2 w3 w4…');
  });

  it('gives nothing for a text without words', () => {
    expect(snippetAroundMatches(' … ', queryTerms('ember'), 5)).toBe('');
  });

  it('marks a 1,000-word body in well under a millisecond per hit', async () => {
    const text = Array.from({ length: 1000 }, (_, i) => (i % 97 === 0 ? 'Lantern' : `word${i}`)).join(' ');
    const { cpuMs } = await cpuTimeOf(() => {
      for (let round = 0; round < 50; round++) snippetAroundMatches(text, queryTerms('lant'), 28);
    });
    expect(cpuMs / 50, 'CPU time per body, ms').toBeLessThan(2);
  });
});

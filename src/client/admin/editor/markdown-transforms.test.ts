import { describe, expect, it } from 'vitest';
import {
  changedRange,
  continueList,
  insertBlock,
  insertFootnote,
  insertImage,
  insertLink,
  insertSceneBreak,
  nextFootnoteNumber,
  toggleEmphasis,
  toggleLinePrefix,
  type TextSelection,
} from './markdown-transforms.js';

/** A state written with [ ] around the selection, or | for a caret: 'a [b] c', 'ab|c'. */
function at(marked: string): TextSelection {
  const caret = marked.indexOf('|');
  if (caret !== -1) return { text: marked.replace('|', ''), start: caret, end: caret };
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { text: marked.replace('[', '').replace(']', ''), start, end };
}

/** The state back in the same notation. */
function show(state: TextSelection): string {
  if (state.start === state.end) return `${state.text.slice(0, state.start)}|${state.text.slice(state.start)}`;
  return `${state.text.slice(0, state.start)}[${state.text.slice(state.start, state.end)}]${state.text.slice(state.end)}`;
}

describe('toggleEmphasis', () => {
  it('wraps the selection in italics or bold, and keeps it selected', () => {
    expect(show(toggleEmphasis(at('a [dark] road'), 1, 'italic text'))).toBe('a *[dark]* road');
    expect(show(toggleEmphasis(at('a [dark] road'), 2, 'bold text'))).toBe('a **[dark]** road');
  });

  it('inserts a selected placeholder at a caret', () => {
    expect(show(toggleEmphasis(at('go |now'), 1, 'italic text'))).toBe('go *[italic text]*now');
    expect(show(toggleEmphasis(at('|'), 2, 'bold text'))).toBe('**[bold text]**');
  });

  it('keeps spaces at the selection edges outside the markers', () => {
    expect(show(toggleEmphasis(at('a[ dark ]road'), 1, 'x'))).toBe('a *[dark]* road');
  });

  it('removes the mark when the selection has it, inside or around', () => {
    expect(show(toggleEmphasis(at('a *[dark]* road'), 1, 'x'))).toBe('a [dark] road');
    expect(show(toggleEmphasis(at('a [*dark*] road'), 1, 'x'))).toBe('a [dark] road');
    expect(show(toggleEmphasis(at('a **[dark]** road'), 2, 'x'))).toBe('a [dark] road');
    expect(show(toggleEmphasis(at('a [**dark**] road'), 2, 'x'))).toBe('a [dark] road');
  });

  it('tells bold from italic: italic on bold text adds a mark, bold italic loses one of the two', () => {
    expect(show(toggleEmphasis(at('**[dark]**'), 1, 'x'))).toBe('***[dark]***');
    expect(show(toggleEmphasis(at('***[dark]***'), 1, 'x'))).toBe('**[dark]**');
    expect(show(toggleEmphasis(at('***[dark]***'), 2, 'x'))).toBe('*[dark]*');
    expect(show(toggleEmphasis(at('*[dark]*'), 2, 'x'))).toBe('***[dark]***');
  });

  it('clamps a selection beyond the text', () => {
    expect(show(toggleEmphasis({ text: 'ab', start: 5, end: 9 }, 1, 'x'))).toBe('ab*[x]*');
  });
});

describe('toggleLinePrefix', () => {
  it('adds a heading, quote or bullet to the caret line, keeping the caret in its text', () => {
    expect(show(toggleLinePrefix(at('one\ntw|o\nthree'), '## '))).toBe('one\n## tw|o\nthree');
    expect(show(toggleLinePrefix(at('one\ntw|o'), '> '))).toBe('one\n> tw|o');
    expect(show(toggleLinePrefix(at('|'), '- '))).toBe('- |');
  });

  it('removes the prefix when the line has it, and replaces another kind', () => {
    expect(show(toggleLinePrefix(at('## tw|o'), '## '))).toBe('tw|o');
    expect(show(toggleLinePrefix(at('> tw|o'), '- '))).toBe('- tw|o');
    expect(show(toggleLinePrefix(at('#|## deep'), '## '))).toBe('## |deep');
  });

  it('prefixes every line of a selection, skipping blank lines, and numbers a list', () => {
    expect(show(toggleLinePrefix(at('x\n[a\n\nb]\ny'), '> '))).toBe('x\n[> a\n\n> b]\ny');
    expect(show(toggleLinePrefix(at('[a\nb\nc]'), 'numbered'))).toBe('[1. a\n2. b\n3. c]');
    expect(show(toggleLinePrefix(at('[1. a\n2. b]'), 'numbered'))).toBe('[a\nb]');
    expect(show(toggleLinePrefix(at('[- a\nb]'), '- '))).toBe('[- a\n- b]');
  });

  it('does not take in the next line when the selection ends at a line break', () => {
    expect(show(toggleLinePrefix(at('[a\n]b'), '- '))).toBe('[- a]\nb');
  });
});

describe('insertLink', () => {
  it('links the selected words with the address selected to type over', () => {
    expect(show(insertLink(at('see [the road] now')))).toBe('see [the road]([https://]) now');
  });

  it('inserts a link with its text selected at a caret', () => {
    expect(show(insertLink(at('see | now')))).toBe('see [[link text]](https://) now');
  });

  it('makes a selected address the target', () => {
    expect(show(insertLink(at('[https://example.com/a]')))).toBe('[[link text]](https://example.com/a)');
  });
});

describe('blocks: scene break and image', () => {
  it('puts a scene break on a paragraph of its own', () => {
    expect(show(insertSceneBreak(at('End of it.|')))).toBe('End of it.\n\n***\n\n|');
    expect(show(insertSceneBreak(at('One.|\nTwo.')))).toBe('One.\n\n***\n\n|Two.');
    expect(show(insertSceneBreak(at('One.\n\n|Two.')))).toBe('One.\n\n***\n\n|Two.');
    expect(show(insertSceneBreak(at('|')))).toBe('***\n\n|');
    expect(show(insertSceneBreak(at('a [selected] b')))).toBe('a\n\n***\n\n|b');
  });

  it('inserts an image with its alt text escaped', () => {
    expect(show(insertImage(at('Before.|'), 'The [ruined]\ntower', '/objects/a.png'))).toBe(
      'Before.\n\n![The \\[ruined\\] tower](/objects/a.png)\n\n|',
    );
  });
});

describe('footnotes', () => {
  it('numbers after the highest label', () => {
    expect(nextFootnoteNumber('')).toBe(1);
    expect(nextFootnoteNumber('a[^1] b[^3]\n\n[^1]: x\n[^3]: y')).toBe(4);
    expect(nextFootnoteNumber('a[^note] b')).toBe(1);
  });

  it('inserts the reference at the caret and the definition at the end, caret on the definition', () => {
    expect(show(insertFootnote(at('A claim.| More.')))).toBe('A claim.[^1] More.\n\n[^1]: |');
    expect(show(insertFootnote(at('One[^1] two.|\n\n[^1]: First.\n')))).toBe(
      'One[^1] two.[^2]\n\n[^1]: First.\n[^2]: |',
    );
    expect(show(insertFootnote(at('|')))).toBe('[^1]\n\n[^1]: |');
  });

  it('puts the reference after a selection', () => {
    expect(show(insertFootnote(at('a [claim] b')))).toBe('a claim[^1] b\n\n[^1]: |');
  });
});

describe('continueList (Enter)', () => {
  it.each([
    ['- one|', '- one\n- |'],
    ['* one|\n\nafter', '* one\n* |\n\nafter'],
    ['1. one\n2. two|', '1. one\n2. two\n3. |'],
    ['9) nine|', '9) nine\n10) |'],
    ['  - nested|', '  - nested\n  - |'],
    ['> quoted|', '> quoted\n> |'],
    ['- sp|lit', '- sp\n- |lit'],
  ])('continues %j as %j', (before, after) => expect(show(continueList(at(before))!)).toBe(after));

  it('ends the list on an empty item, leaving an empty line', () => {
    expect(show(continueList(at('- one\n- |'))!)).toBe('- one\n|');
    expect(show(continueList(at('1. one\n2. |'))!)).toBe('1. one\n|');
  });

  it.each(['plain text|', '|- before the mark', '-not a list|', '**bold**|'])('leaves %j to the browser', (text) =>
    expect(continueList(at(text))).toBeNull(),
  );
});

describe('insertBlock (Insert post)', () => {
  it('inserts at the caret as its own paragraph, caret after it', () => {
    expect(show(insertBlock(at('Intro.|\n\nOutro.'), '## Post'))).toBe('Intro.\n\n## Post\n\n|Outro.');
    expect(show(insertBlock(at('|'), '## Post'))).toBe('## Post\n\n|');
  });
});

describe('changedRange', () => {
  it('finds the one range to replace', () => {
    expect(changedRange('a dark road', 'a *dark* road')).toEqual({ from: 2, to: 6, insert: '*dark*' });
    expect(changedRange('a *dark* road', 'a dark road')).toEqual({ from: 2, to: 8, insert: 'dark' });
    expect(changedRange('End.', 'End.\n\n***\n\n')).toEqual({ from: 4, to: 4, insert: '\n\n***\n\n' });
    expect(changedRange('same', 'same')).toEqual({ from: 4, to: 4, insert: '' });
    expect(changedRange('', 'new')).toEqual({ from: 0, to: 0, insert: 'new' });
    expect(changedRange('aaa', 'aaaa')).toEqual({ from: 3, to: 3, insert: 'a' });
  });

  it('rebuilds the new text from the old one', () => {
    for (const [before, after] of [
      ['one\ntwo', '- one\n- two'],
      ['x', ''],
      ['End.', 'End.\n\n***\n\n'],
      ['ab', 'ba'],
    ] as const) {
      const { from, to, insert } = changedRange(before, after);
      expect(before.slice(0, from) + insert + before.slice(to)).toBe(after);
    }
  });
});

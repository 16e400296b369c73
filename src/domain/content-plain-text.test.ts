import { describe, expect, it } from 'vitest';
import { contentPlainText, markdownToPlainText } from './content-plain-text.js';

describe('markdownToPlainText', () => {
  it.each([
    ['**bold** and __strong__', 'bold and strong'],
    ['*italic* and _slanted_', 'italic and slanted'],
    ['***both*** and ~~struck~~', 'both and struck'],
    ['a snake_case_name and 2 * 3 = 6', 'a snake_case_name and 2 * 3 = 6'],
    ['She said *“never”*, then _left_.', 'She said “never”, then left.'],
  ])('removes emphasis: %j', (markdown, text) => {
    expect(markdownToPlainText(markdown)).toBe(text);
  });

  it('keeps a link’s text and drops its address, title and reference', () => {
    expect(markdownToPlainText('See [the map](https://example.com/map "Map") and [the list][list].')).toBe(
      'See the map and the list.',
    );
    expect(markdownToPlainText('[Wiki](https://en.wikipedia.org/wiki/Fire_(element)) here')).toBe('Wiki here');
    expect(markdownToPlainText('[**Bold** link](/books)')).toBe('Bold link');
    expect(markdownToPlainText('Write to <mailto:rook@example.com> or <https://example.com>.')).toBe(
      'Write to mailto:rook@example.com or https://example.com.',
    );
  });

  it('drops images, an image inside a link included', () => {
    expect(markdownToPlainText('Before ![The Ember Seat](/objects/seat.png "Seat") after')).toBe('Before after');
    expect(markdownToPlainText('![alt](/objects/a.png)')).toBe('');
    expect(markdownToPlainText('See ![seat](/objects/seat.png). ![a](/a.png)Then')).toBe('See. Then');
    expect(markdownToPlainText('[![cover](/objects/c.png)](/books/x) Next')).toBe('Next');
  });

  it('drops heading marks, setext underlines and rules', () => {
    expect(markdownToPlainText('# Chapter One\n\nThe bells.\n\n### Part ###')).toBe('Chapter One\nThe bells.\nPart');
    expect(markdownToPlainText('Title\n=====\n\nText\n\n***\n\nAfter the break\n\n- - -')).toBe(
      'Title\nText\nAfter the break',
    );
    expect(markdownToPlainText('#hashtag stays')).toBe('#hashtag stays');
  });

  it('drops quote and list markers, nested ones too', () => {
    expect(markdownToPlainText('> The fire *judges*.\n> > Nested\n\n- one\n* two\n+ three\n1. first\n2) second')).toBe(
      'The fire judges.\nNested\none\ntwo\nthree\nfirst\nsecond',
    );
    expect(markdownToPlainText('> - quoted item\n  - indented item')).toBe('quoted item\nindented item');
  });

  it('drops footnote references and keeps the footnote’s text without its label', () => {
    expect(markdownToPlainText('The Wake[^1] burned.^[An inline note.]\n\n[^1]: The fire under the city.')).toBe(
      'The Wake burned.\nThe fire under the city.',
    );
    expect(markdownToPlainText('It judged.[^note] Then a mark [^2] and the end [^3].')).toBe(
      'It judged. Then a mark and the end.',
    );
  });

  it('keeps code as written, marks inside it included', () => {
    expect(markdownToPlainText('Type `**not bold**` and `` a`b ``.')).toBe('Type **not bold** and a`b.');
    expect(markdownToPlainText('```js\nconst a = *b*;\n```\nAfter')).toBe('const a = *b*;\nAfter');
    expect(markdownToPlainText('~~~\n# not a heading\n~~~')).toBe('# not a heading');
  });

  it('keeps escaped characters and decodes entities, without turning them into marks', () => {
    expect(markdownToPlainText(String.raw`\*not italic\* and \_plain\_ and \[x\](y) and \# no`)).toBe(
      '*not italic* and _plain_ and [x](y) and # no',
    );
    expect(markdownToPlainText('Fire &amp; ash &lt;3 &#42;star&#42; &#x2014; &unknown; &constructor;')).toBe(
      'Fire & ash <3 *star* — &unknown; &constructor;',
    );
    expect(
      markdownToPlainText(String.raw`a line\
and the next`),
    ).toBe('a line\nand the next');
  });

  it('drops link definitions and blank lines, and keeps raw HTML as the text it shows as', () => {
    expect(markdownToPlainText('One\n\n\n\n[list]: https://example.com "List"\nTwo <b>bold</b>\r\nThree')).toBe(
      'One\nTwo <b>bold</b>\nThree',
    );
  });
});

describe('contentPlainText', () => {
  it('reads Markdown content as Markdown', () => {
    expect(contentPlainText('**Bold** [link](/x)', 'markdown')).toBe('Bold link');
  });

  it('keeps legacy plain text as written, one line a paragraph', () => {
    expect(contentPlainText('  **Not** markup [here](/x)  \n\n# Still text\n', 'plain')).toBe(
      '**Not** markup [here](/x)\n# Still text',
    );
  });
});

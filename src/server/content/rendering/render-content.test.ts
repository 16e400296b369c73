import { describe, expect, it } from 'vitest';

import { plainTextToMarkdown } from '../../../domain/content-format.js';
import type { ResponsiveImageData } from '../../../domain/images.js';
import { renderContentHtml, renderContentText } from './render-content.js';

describe('renderContentHtml', () => {
  it('renders plain text exactly as before Markdown: one paragraph per non-blank line, escaped', () => {
    expect(renderContentHtml('First *line*\n\n  Second <b>line</b>  \n', 'plain')).toBe(
      '<p>First *line*</p>\n<p>Second &lt;b&gt;line&lt;/b&gt;</p>',
    );
  });

  it('renders the Markdown of a plain text to the same paragraphs', () => {
    const plain = 'It was 1. the *end*\n# not a heading\n[not](a link)';
    expect(renderContentHtml(plainTextToMarkdown(plain), 'markdown').trim()).toBe(
      renderContentHtml(plain, 'plain').replace(/\n/g, '\n'),
    );
  });

  it('renders emphasis, headings, quotes, lists, rules and footnotes', () => {
    const html = renderContentHtml(
      '## Night\n\n*ash* and **iron**\n\n> quoted\n\n- one\n- two\n\n***\n\nA claim.[^1]\n\n[^1]: The note.',
      'markdown',
    );
    expect(html).toContain('<h2>Night</h2>');
    expect(html).toContain('<em>ash</em>');
    expect(html).toContain('<strong>iron</strong>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<hr>');
    expect(html).toContain('class="footnotes"');
    expect(html).toContain('The note.');
  });

  it('never renders raw HTML', () => {
    const html = renderContentHtml('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>', 'markdown');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops links and images with unsafe schemes', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'vbscript:x',
      'data:text/html,<b>',
      '//evil.example',
    ]) {
      const html = renderContentHtml(`[click](${url}) ![pic](${url})`, 'markdown');
      expect(html).not.toContain('<a ');
      expect(html).not.toContain('<img');
    }
    expect(renderContentHtml('![pic](http://insecure.example/a.jpg)', 'markdown')).not.toContain('<img');
  });

  it('marks external links nofollow ugc and keeps own links plain', () => {
    const html = renderContentHtml(
      '[shop](https://shop.example/x) [home](https://site.example/books) [about](/about)',
      'markdown',
      {
        siteOrigin: 'https://site.example',
      },
    );
    expect(html).toContain('<a href="https://shop.example/x" rel="noopener nofollow ugc">shop</a>');
    expect(html).toContain('<a href="https://site.example/books" rel="noopener">home</a>');
    expect(html).toContain('<a href="/about">about</a>');
  });

  it('renders images lazily with their alt text', () => {
    expect(renderContentHtml('![A map of the realm](/uploads/map.webp)', 'markdown')).toContain(
      '<img src="/uploads/map.webp" alt="A map of the realm" loading="lazy" decoding="async">',
    );
  });
});

describe('renderContentHtml: images of uploads and absolute URLs', () => {
  const map: ResponsiveImageData = {
    width: 1600,
    height: 900,
    placeholder: '#332211',
    variants: [
      { url: '/objects/map-320.avif', width: 320, type: 'image/avif' },
      { url: '/objects/map-800.avif', width: 800, type: 'image/avif' },
      { url: '/objects/map-320.webp', width: 320, type: 'image/webp' },
      { url: '/objects/map-320.jpg', width: 320, type: 'image/jpeg' },
      { url: '/objects/map-800.jpg', width: 800, type: 'image/jpeg' },
    ],
  };
  const images = new Map([['map.jpg', map]]);

  it('draws an upload with variants as a responsive <picture> of its size, with its alt text', () => {
    const html = renderContentHtml('![The southern *marshes*](/objects/map.jpg "Endpapers")', 'markdown', { images });
    expect(html).toContain('<picture>');
    expect(html).toContain(
      '<source type="image/avif" srcset="/objects/map-320.avif 320w, /objects/map-800.avif 800w" sizes="(max-width: 48rem) 100vw, 44rem">',
    );
    expect(html).toContain('<source type="image/webp" srcset="/objects/map-320.webp 320w"');
    expect(html).toContain(
      '<img src="/objects/map-800.jpg" srcset="/objects/map-320.jpg 320w, /objects/map-800.jpg 800w" sizes="(max-width: 48rem) 100vw, 44rem" alt="The southern marshes" title="Endpapers" width="1600" height="900" loading="lazy" decoding="async" style="background-color:#332211"></picture>',
    );
  });

  it('draws an upload without variants, or another https image, as a plain lazy <img>', () => {
    expect(renderContentHtml('![x](/objects/other.png)', 'markdown', { images })).toContain(
      '<img src="/objects/other.png" alt="x" loading="lazy" decoding="async">',
    );
    expect(renderContentHtml('![x](https://img.example/a.png)', 'markdown', { images })).toContain(
      '<img src="https://img.example/a.png" alt="x"',
    );
  });

  /** The HTML with every quoted attribute value emptied: what is left are tags and attribute names. */
  const outsideValues = (html: string) => html.replace(/"[^"]*"/g, '""');

  it('escapes alt text and titles that try to leave their attribute', () => {
    for (const alt of ['" onerror="alert(1)', "' onload='alert(1)", '<script>alert(1)</script>']) {
      for (const src of ['/objects/map.jpg', '/objects/plain.png']) {
        const html = renderContentHtml(`![${alt}](${src} "${alt.replace(/"/g, '')}")`, 'markdown', { images });
        expect(outsideValues(html), `${alt} ${src}`).not.toMatch(/\son\w+=/);
        expect(html).not.toContain('<script');
      }
    }
  });

  it('drops images whose URL is unsafe even when an upload lookup is given', () => {
    for (const url of ['javascript:alert(1)', '//evil.example/objects/map.jpg', 'data:image/png;base64,AAAA']) {
      expect(renderContentHtml(`![p](${url})`, 'markdown', { images })).not.toMatch(/<img|<picture/);
    }
    // A variant list from the database is trusted only for its URLs' text: a hostile one stays an attribute.
    const hostile = new Map([
      [
        'h.jpg',
        {
          ...map,
          placeholder: 'red;background:url(x)',
          variants: [{ url: '/objects/a" onerror="x', width: 1, type: 'image/jpeg' }],
        },
      ],
    ]);
    const html = renderContentHtml('![p](/objects/h.jpg)', 'markdown', { images: hostile });
    expect(outsideValues(html)).not.toMatch(/\son\w+=/);
    expect(html).not.toContain('style=');
  });

  it('makes site-relative links and images absolute when asked (feeds, email), and leaves others', () => {
    const html = renderContentHtml(
      '[books](/books) [ext](https://shop.example/) [note](#fn1) ![m](/objects/map.jpg) ![o](/objects/o.png)',
      'markdown',
      { siteOrigin: 'https://site.example', absoluteUrls: true, images },
    );
    expect(html).toContain('<a href="https://site.example/books">books</a>');
    expect(html).toContain('<a href="https://shop.example/" rel="noopener nofollow ugc">ext</a>');
    expect(html).toContain('<a href="#fn1">note</a>');
    expect(html).toContain(
      'srcset="https://site.example/objects/map-320.avif 320w, https://site.example/objects/map-800.avif 800w"',
    );
    expect(html).toContain('<img src="https://site.example/objects/map-800.jpg"');
    expect(html).toContain('<img src="https://site.example/objects/o.png"');
    expect(renderContentHtml('[books](/books)', 'markdown', { siteOrigin: 'https://site.example' })).toContain(
      '<a href="/books">books</a>',
    );
  });

  it('renders ordered lists, code, nested quotes and several footnotes', () => {
    const html = renderContentHtml(
      '1. first\n2. second\n\n`code` \n\n> outer\n>\n> > inner\n\nA[^a] and B[^b].\n\n[^a]: Note a.\n[^b]: Note b.',
      'markdown',
    );
    expect(html).toContain('<ol>\n<li>first</li>');
    expect(html).toContain('<code>code</code>');
    expect(html).toMatch(/<blockquote>[\s\S]*<blockquote>[\s\S]*inner/);
    expect(html).toContain('<hr class="footnotes-sep">');
    expect(html.match(/class="footnote-item"/g)).toHaveLength(2);
    expect(html).toContain('<sup class="footnote-ref"><a aria-label="Note 1" href="#fn1" id="fnref1">1</a></sup>');
    expect(html).toContain('class="footnote-backref" aria-label="Back to the text"');
  });
});

describe('renderContentHtml: a line break in prose starts a paragraph', () => {
  it('makes each line of a text sent with single line breaks its own paragraph', () => {
    expect(renderContentHtml('First line.\nSecond line.\nThird line.', 'markdown')).toBe(
      '<p>First line.</p>\n<p>Second line.</p>\n<p>Third line.</p>\n',
    );
  });

  it('renders content written with blank lines exactly as before', () => {
    const blankLined = 'First *paragraph*.\n\nSecond, with a [link](/books).\n\n\nThird.';
    expect(renderContentHtml(blankLined, 'markdown')).toBe(
      '<p>First <em>paragraph</em>.</p>\n<p>Second, with a <a href="/books">link</a>.</p>\n<p>Third.</p>\n',
    );
    expect(renderContentHtml(blankLined.replace(/\n+/g, '\n'), 'markdown')).toBe(
      renderContentHtml(blankLined, 'markdown'),
    );
  });

  it('reads each line on its own: emphasis never spans two paragraphs', () => {
    expect(renderContentHtml('*ash\niron*', 'markdown')).toBe('<p>*ash</p>\n<p>iron*</p>\n');
    expect(renderContentHtml('*ash*\n**iron**', 'markdown')).toBe(
      '<p><em>ash</em></p>\n<p><strong>iron</strong></p>\n',
    );
  });

  it('splits the lines of a quote into paragraphs inside the quote', () => {
    expect(renderContentHtml('> The first line.\n> The second.', 'markdown')).toBe(
      '<blockquote>\n<p>The first line.</p>\n<p>The second.</p>\n</blockquote>\n',
    );
  });

  it('keeps a hard break (two trailing spaces or a backslash) as a line break', () => {
    expect(renderContentHtml('A poem,  \nits next line\\\nand a third\nA new paragraph', 'markdown')).toBe(
      '<p>A poem,<br>\nits next line<br>\nand a third</p>\n<p>A new paragraph</p>\n',
    );
  });

  it('keeps lists, code, tables, headings and footnotes as Markdown means them', () => {
    const html = renderContentHtml(
      [
        '## The road',
        'After the heading.',
        '- one',
        '  still one',
        '- two',
        '',
        '1. first',
        '2. second',
        '',
        '```',
        'code line 1',
        'code line 2',
        '```',
        '',
        '| Book | Year |',
        '|---|---|',
        '| Ash | 2024 |',
        '',
        'A claim.[^1]',
        'Another line.',
        '',
        '[^1]: The note,',
        '    on two lines.',
      ].join('\n'),
      'markdown',
    );
    expect(html).toContain('<h2>The road</h2>\n<p>After the heading.</p>');
    expect(html).toContain('<ul>\n<li>one<br>\nstill one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>first</li>\n<li>second</li>\n</ol>');
    expect(html).toContain('<pre><code>code line 1\ncode line 2\n</code></pre>');
    expect(html).toContain('<td>Ash</td>');
    expect(html).toContain('<th>Year</th>');
    expect(html).toMatch(/<p>A claim\.<sup class="footnote-ref">.*<\/sup><\/p>\n<p>Another line\.<\/p>/);
    expect(html).toContain('<p>The note,<br>\non two lines.');
  });

  it('gives the same paragraphs in the plain text of an email or search', () => {
    expect(renderContentText('one\ntwo', 'markdown')).toBe('one\n\ntwo');
    expect(renderContentText('one\n\ntwo', 'markdown')).toBe('one\n\ntwo');
  });
});

describe('renderContentText', () => {
  const text = (markdown: string) => renderContentText(markdown, 'markdown');

  it('gives the words without markup', () => {
    expect(renderContentText('## Night\n\n*ash* & <b>iron</b>', 'markdown')).toBe('Night\n\nash & <b>iron</b>');
    expect(renderContentText('one\ntwo', 'plain')).toBe('one\n\ntwo');
    expect(renderContentText('  **Not** markup [here](/x)  \n\n# Still text\n', 'plain')).toBe(
      '**Not** markup [here](/x)\n\n# Still text',
    );
  });

  it.each([
    ['**bold** and __strong__', 'bold and strong'],
    ['*italic* and _slanted_', 'italic and slanted'],
    ['***both*** and ~~struck~~', 'both and struck'],
    ['a snake_case_name and 2 * 3 = 6', 'a snake_case_name and 2 * 3 = 6'],
    ['She said *“never”*, then _left_.', 'She said “never”, then left.'],
  ])('removes emphasis: %j', (markdown, plain) => {
    expect(text(markdown)).toBe(plain);
  });

  it('keeps a link’s text and drops its address, title and reference', () => {
    expect(text('See [the map](https://example.com/map "Map") and [the list][list].\n\n[list]: /books')).toBe(
      'See the map and the list.',
    );
    expect(text('[Wiki](https://en.wikipedia.org/wiki/Fire_(element)) here')).toBe('Wiki here');
    expect(text('[**Bold** link](/books)')).toBe('Bold link');
    expect(text('Write to <mailto:rook@example.com> or <https://example.com>.')).toBe(
      'Write to mailto:rook@example.com or https://example.com.',
    );
    // As on the page: a link the renderer refuses, or a reference with no definition, reads as written.
    expect(text('[x](javascript:alert(1)) and [undefined][nowhere]')).toBe(
      '[x](javascript:alert(1)) and [undefined][nowhere]',
    );
  });

  it('drops images, an image inside a link included', () => {
    expect(text('Before ![The Ember Seat](/objects/seat.png "Seat") after')).toBe('Before after');
    expect(text('![alt](/objects/a.png)')).toBe('');
    expect(text('See ![seat](/objects/seat.png). ![a](/a.png)Then')).toBe('See. Then');
    expect(text('[![cover](/objects/c.png)](/books/x) Next')).toBe('Next');
  });

  it('drops heading marks, setext underlines and rules, one block a paragraph', () => {
    expect(text('# Chapter One\n\nThe bells.\n\n### Part ###')).toBe('Chapter One\n\nThe bells.\n\nPart');
    expect(text('Title\n=====\n\nText\n\n***\n\nAfter the break\n\n- - -')).toBe('Title\n\nText\n\nAfter the break');
    expect(text('#hashtag stays')).toBe('#hashtag stays');
  });

  it('drops quote and list markers, nested ones too', () => {
    expect(text('> The fire *judges*.\n> > Nested\n\n- one\n* two\n+ three\n1. first\n2) second')).toBe(
      'The fire judges.\n\nNested\n\none\n\ntwo\n\nthree\n\nfirst\n\nsecond',
    );
    expect(text('> - quoted item\n  - indented item')).toBe('quoted item\n\nindented item');
  });

  it('drops footnote marks and back links, and keeps the notes’ words (inline notes too)', () => {
    expect(text('The Wake[^1] burned.^[An inline note.]\n\n[^1]: The fire under the city.')).toBe(
      'The Wake burned.\n\nThe fire under the city.\n\nAn inline note.',
    );
    expect(text('It judged.[^a] Then a mark [^b] and the end.\n\n[^a]: One.\n[^b]: Two.')).toBe(
      'It judged. Then a mark and the end.\n\nOne.\n\nTwo.',
    );
  });

  it('keeps code as written, marks inside it included', () => {
    expect(text('Type `**not bold**` and `` a`b ``.')).toBe('Type **not bold** and a`b.');
    expect(text('```js\nconst a = *b*;\n```\nAfter')).toBe('const a = *b*;\n\nAfter');
    expect(text('~~~\n# not a heading\n~~~')).toBe('# not a heading');
  });

  it('keeps escaped characters and decodes entities, without turning them into marks', () => {
    expect(text(String.raw`\*not italic\* and \_plain\_ and \[x\](y) and \# no`)).toBe(
      '*not italic* and _plain_ and [x](y) and # no',
    );
    expect(text('Fire &amp; ash &lt;3 &#42;star&#42; &#x2014; &unknown; &constructor;')).toBe(
      'Fire & ash <3 *star* — &unknown; &constructor;',
    );
    expect(text('a line\\\nand the next')).toBe('a line\nand the next');
  });

  it('drops link definitions and blank lines, keeps raw HTML as the text it shows as, reads a table by rows', () => {
    expect(text('One\n\n\n\n[list]: https://example.com "List"\nTwo <b>bold</b>\r\nThree')).toBe(
      'One\n\nTwo <b>bold</b>\n\nThree',
    );
    expect(text('| Name | Year |\n|---|---|\n| Ash | 12 |\n| Salt | 13 |')).toBe('Name Year\n\nAsh 12\n\nSalt 13');
  });
});

import { describe, expect, it } from 'vitest';
import { renderContentHtml } from '../content/rendering/render-content.js';
import { htmlToMarkdown, paragraphsOfClassicText, summaryOf } from './html-to-markdown.js';
import { cardMarkdown } from './sources/ghost-lexical.js';
import { expandShortcodes } from './wordpress-shortcodes.js';

const classic = (text: string, attachments = new Map<string, string>()) =>
  htmlToMarkdown(expandShortcodes(paragraphsOfClassicText(text), attachments));

describe('htmlToMarkdown: structures (issue 31)', () => {
  it('tables become Markdown tables: pipes escaped, short rows padded, no header row made up', () => {
    expect(
      htmlToMarkdown(
        '<table><thead><tr><th>A</th><th>B | C</th></tr></thead><tbody><tr><td>1<br>2</td></tr></tbody></table>',
      ),
    ).toBe('| A | B \\| C |\n| --- | --- |\n| 1 2 | |');
    expect(htmlToMarkdown('<table><tr><td colspan="2">wide</td></tr><tr><td>a</td><td>b</td></tr></table>')).toBe(
      '|  |  |\n| --- | --- |\n| wide | wide |\n| a | b |',
    );
  });

  it('embeds become a link alone in a paragraph; frames from other hosts and unsafe addresses are dropped', () => {
    const markdown = htmlToMarkdown(
      '<figure class="wp-block-embed is-provider-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=nwe-H6l4beM\n</div><figcaption>A <em>video</em><script>alert(1)</script></figcaption></figure>' +
        '<iframe src="https://tracker.invalid/x"></iframe><iframe src="javascript:alert(1)"></iframe>' +
        '<iframe src="https://player.vimeo.com/video/22439234" title="A [talk]"></iframe>' +
        '<blockquote class="twitter-tweet"><p>Tweet text</p><a href="https://twitter.com/a/status/123">May 1</a></blockquote>' +
        '<blockquote class="instagram-media" data-instgrm-permalink="javascript:alert(1)"><a href="javascript:alert(1)">x</a></blockquote>' +
        '<p>https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC</p>' +
        '<figure class="kg-card kg-bookmark-card"><a class="kg-bookmark-container" href="https://blog.example/post"><div class="kg-bookmark-title">A bookmark</div></a></figure>',
    );
    expect(markdown).toBe(
      [
        '<https://www.youtube.com/watch?v=nwe-H6l4beM>',
        '_A video_',
        '[A \\[talk\\]](https://vimeo.com/22439234)',
        '[Tweet text](https://x.com/a/status/123)',
        '> x',
        '<https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC>',
        '[A bookmark](https://blog.example/post)',
      ].join('\n\n'),
    );
    expect(renderContentHtml(markdown, 'markdown').match(/class="embed-card"/g)).toHaveLength(4);
  });

  it('galleries become their images, one a line, with the gallery caption; unsafe image addresses are left out', () => {
    expect(
      htmlToMarkdown(
        '<figure class="wp-block-gallery"><figure class="wp-block-image"><a href="https://old.example/a-full.jpg"><img src="https://old.example/a.jpg" alt="A"></a><figcaption>per image</figcaption></figure>' +
          '<figure class="wp-block-image"><img src="javascript:alert(1)" alt="B"></figure><img src="/b (1).jpg" alt="C]"><figcaption class="blocks-gallery-caption">Both <img src=x onerror=alert(1)></figcaption></figure>',
      ),
    ).toBe('![A](https://old.example/a.jpg)\n![C\\]](/b%20%281%29.jpg)\n\n_Both_');
    expect(
      htmlToMarkdown(
        '<figure class="kg-card kg-gallery-card"><div class="kg-gallery-container"><div class="kg-gallery-row"><div class="kg-gallery-image"><img src="/content/images/a.jpg" alt="a"></div><div class="kg-gallery-image"><img src="/content/images/b.jpg" alt="b"></div></div></div></figure>',
      ),
    ).toBe('![a](/content/images/a.jpg)\n![b](/content/images/b.jpg)');
    expect(
      classic(
        '[gallery ids="1,2,9"]',
        new Map([
          ['1', 'https://o.example/1.jpg'],
          ['2', 'https://o.example/2.jpg'],
        ]),
      ),
    ).toBe('![](https://o.example/1.jpg)\n![](https://o.example/2.jpg)');
  });

  it('captions are one italic line of text: no script, no markup, no link with an unsafe scheme', () => {
    expect(
      htmlToMarkdown(
        '<figure><img src="/a.jpg" alt="a"><figcaption>Look <a href="javascript:alert(1)">here</a> <b>now</b><script>alert(1)</script></figcaption></figure>',
      ),
    ).toBe('![a](/a.jpg)\n\n_Look here now_');
  });

  it('definition lists, reversed lists, numbered lists in a row, code with its language', () => {
    expect(htmlToMarkdown('<dl><dt>Term</dt><dd>One</dd><dd><b>Two</b></dd><dt>:odd</dt><dd>Three</dd></dl>')).toBe(
      'Term\n: One\n: **Two**\n\\:odd\n: Three',
    );
    expect(htmlToMarkdown('<ol reversed><li>c</li><li>b</li><li>a</li></ol><ol start="7"><li>g</li></ol>')).toBe(
      '3. c\n2. b\n1. a\n\n7)  g',
    );
    expect(htmlToMarkdown('<pre class="brush: php; notranslate">echo "```";</pre>')).toBe('````php\necho "```";\n````');
    expect(htmlToMarkdown('<pre class="wp-block-code"><code class="language-js">a &lt; b</code></pre>')).toBe(
      '```js\na < b\n```',
    );
    expect(classic('[code language="php"]\n<?php\n\necho 1;\n[/code]')).toBe('```php\n<?php\n\necho 1;\n```');
  });

  it('footnotes of WordPress, Substack and markdown-it become Markdown footnotes', () => {
    expect(
      htmlToMarkdown(
        '<p>Claim<sup data-fn="u1" class="fn"><a href="#u1" id="u1-link">1</a></sup>.</p><ol class="wp-block-footnotes"><li id="u1">The <em>note</em>. <a href="#u1-link">↩︎</a></li></ol>',
      ),
    ).toBe('Claim[^1].\n\n[^1]: The _note_.');
    expect(
      htmlToMarkdown(
        '<p>Claim<a class="footnote-anchor" id="footnote-anchor-1" href="#footnote-1">1</a>.</p><div class="footnote"><a id="footnote-1" href="#footnote-anchor-1" class="footnote-number">1</a><div class="footnote-content"><p>Substack note.</p></div></div>',
      ),
    ).toBe('Claim[^1].\n\n[^1]: Substack note.');
  });

  it('classic text: an address alone on its line, or in [embed], is an embed', () => {
    expect(classic('Before\nhttps://youtu.be/nwe-H6l4beM\nAfter\n\n[embed]https://vimeo.com/22439234[/embed]')).toBe(
      'Before\n\n<https://www.youtube.com/watch?v=nwe-H6l4beM>\n\nAfter\n\n<https://vimeo.com/22439234>',
    );
  });

  it("Ghost's cards (Lexical and Mobiledoc): galleries, embeds, bookmarks, captions, code", () => {
    const md = (html: string) => htmlToMarkdown(html);
    expect(
      cardMarkdown(
        'gallery',
        { images: [{ src: '/content/images/a.jpg', alt: 'a' }, { src: '/b.jpg' }], caption: '<b>Two</b>' },
        md,
      ),
    ).toBe('![a](/content/images/a.jpg)\n![](/b.jpg)\n\n_Two_');
    expect(
      cardMarkdown('embed', { url: 'https://www.youtube.com/watch?v=nwe-H6l4beM', html: '<iframe></iframe>' }, md),
    ).toBe('<https://www.youtube.com/watch?v=nwe-H6l4beM>');
    expect(cardMarkdown('embed', { url: 'javascript:alert(1)', html: '<script>alert(1)</script>' }, md)).toBe('');
    expect(cardMarkdown('bookmark', { url: 'https://blog.example/p', metadata: { title: 'A [post]' } }, md)).toBe(
      '[A post](https://blog.example/p)',
    );
    expect(cardMarkdown('code', { code: 'x = 1', language: 'py"><' }, md)).toBe('```py\nx = 1\n```');
    expect(cardMarkdown('callout', {}, md)).toBe('');
  });

  it('summaries end after a sentence when one ends past half the limit', () => {
    expect(summaryOf(`${'One sentence. '.repeat(30)}`, 50)).toBe('One sentence. One sentence. One sentence.');
    expect(summaryOf('word '.repeat(100), 50)).toMatch(/^(word ){8,}word…$/);
  });
});

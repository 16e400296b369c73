import { describe, expect, it } from 'vitest';

import { plainTextToMarkdown } from '../../domain/content-format.js';
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

  it('keeps a single line break as a line break', () => {
    expect(renderContentHtml('one\ntwo', 'markdown')).toBe('<p>one<br>\ntwo</p>\n');
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

describe('renderContentText', () => {
  it('gives the words without markup', () => {
    expect(renderContentText('## Night\n\n*ash* & <b>iron</b>', 'markdown')).toBe('Night\n\nash & <b>iron</b>');
    expect(renderContentText('one\ntwo', 'plain')).toBe('one\n\ntwo');
  });
});

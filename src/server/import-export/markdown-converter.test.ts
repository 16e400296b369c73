import { afterEach, describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './html-to-markdown.js';
import { MarkdownConverter } from './markdown-converter.js';

describe('MarkdownConverter', () => {
  let converter: MarkdownConverter | null = null;
  afterEach(async () => {
    await converter?.close();
    converter = null;
  });

  it('converts in its worker exactly as htmlToMarkdown does, many texts at once, each to its own answer', async () => {
    converter = new MarkdownConverter();
    const texts = Array.from(
      { length: 50 },
      (_, index) =>
        `<h2>Part ${index}</h2><p>The <em>drowned</em> city, <strong>${index}</strong>.</p><figure><img src="/a/${index}.jpg" alt="Plate"><figcaption>Plate ${index}</figcaption></figure>`,
    );
    const converted = await Promise.all(texts.map((html) => converter!.convert(html)));
    expect(converted).toEqual(texts.map((html) => htmlToMarkdown(html)));
    expect(converted[7]).toContain('## Part 7');
  });

  it('refuses further work once closed, instead of waiting forever', async () => {
    converter = new MarkdownConverter();
    await converter.close();
    await expect(converter.convert('<p>late</p>')).rejects.toThrow();
  });
});

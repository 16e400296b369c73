import { createRequire } from 'node:module';
import type TurndownService from 'turndown';

/**
 * HTML of another blog (WordPress classic or block editor, Ghost, Substack) to the site's Markdown, through
 * turndown. The site renders no raw HTML, so every element becomes Markdown or its text: nothing is lost.
 */
// Not lazy-module.ts: this module also runs in the import's worker thread (markdown-converter.ts), which loads it alone.
const require = createRequire(import.meta.url);
let converter: TurndownService | undefined;

/** Made with the first import (turndown and its DOM cost about 10 MB of memory, which a server at rest does not need). */
function turndown(): TurndownService {
  if (converter) return converter;
  const TurndownConstructor = require('turndown') as typeof TurndownService;
  converter = new TurndownConstructor({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
  });
  // Embeds and scripts carry no text a reader could use; forms and styles neither.
  converter.remove(['script', 'style', 'noscript', 'iframe', 'form', 'button', 'input', 'select', 'textarea']);
  // A figure's caption becomes an italic line under its image.
  converter.addRule('figcaption', {
    filter: 'figcaption',
    replacement: (content) => (content.trim() ? `\n\n_${content.trim()}_\n\n` : ''),
  });
  return converter;
}

const BLOCK_TAG = /<(p|div|h[1-6]|ul|ol|blockquote|figure|pre|table|hr)\b/i;

/** WordPress's wpautop: classic-editor text keeps paragraphs as blank lines, not <p> tags. */
export function paragraphsOfClassicText(html: string): string {
  if (BLOCK_TAG.test(html)) return html;
  return html
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${block.replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}

export function htmlToMarkdown(html: string): string {
  return turndown()
    .turndown(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const MARKDOWN_IMAGE = /!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** The addresses of the images a Markdown text shows, in order, each once. */
export function markdownImageUrls(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(MARKDOWN_IMAGE)].map((match) => match[2]!))];
}

/**
 * Each image whose address is in `replaced` points at its new address; an image that could not be brought in
 * is left as a link to where it was, so the reader can still follow it.
 */
export function replaceMarkdownImages(markdown: string, replaced: ReadonlyMap<string, string | null>): string {
  return markdown.replace(MARKDOWN_IMAGE, (whole, alt: string, url: string) => {
    if (!replaced.has(url)) return whole;
    const local = replaced.get(url);
    return local ? `![${alt}](${local})` : `[${alt || 'Image'}](${url})`;
  });
}

/** The first words of a text, for a summary: at most `limit` characters, cut at a word. */
export function summaryOf(plainText: string, limit = 300): string {
  const text = plainText.replace(/\s+/g, ' ').trim();
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), limit / 2)).trimEnd()}…`;
}

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
/** An image that is a link (`[![alt](image)](target)`, WordPress's "link to: media file"), or an image alone. */
const MAYBE_LINKED_IMAGE = new RegExp(
  `\\[(${MARKDOWN_IMAGE.source})\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+"[^"]*")?\\s*\\)|${MARKDOWN_IMAGE.source}`,
  'g',
);

/** The addresses of the images a Markdown text shows, in order, each once. */
export function markdownImageUrls(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(MARKDOWN_IMAGE)].map((match) => match[2]!))];
}

/** What a reader sees of an image that could not be brought in: its alt text, as a link to where it was. */
export function imagePlaceholder(alt: string, url: string): string {
  const text = alt.trim() ? `Image: ${alt.trim()}` : 'Image';
  return `[${text}](${url})`;
}

/**
 * Each image whose address is in `replaced` points at its new address; an image that could not be brought in
 * becomes a placeholder, its alt text as a link to where it was, so the reader can still follow it. An image
 * that was a link keeps its link when brought in, and becomes one placeholder when not (a link inside a link
 * would show as bracketed text).
 */
export function replaceMarkdownImages(markdown: string, replaced: ReadonlyMap<string, string | null>): string {
  return markdown.replace(
    MAYBE_LINKED_IMAGE,
    (whole, inner?: string, innerAlt?: string, innerUrl?: string, target?: string, alt?: string, url?: string) => {
      if (inner !== undefined) {
        if (!replaced.has(innerUrl!)) return whole;
        const local = replaced.get(innerUrl!);
        return local ? `[![${innerAlt}](${local})](${target})` : imagePlaceholder(innerAlt!, target!);
      }
      if (!replaced.has(url!)) return whole;
      const local = replaced.get(url!);
      return local ? `![${alt}](${local})` : imagePlaceholder(alt!, url!);
    },
  );
}

/** The first words of a text, for a summary: at most `limit` characters, cut at a word. */
export function summaryOf(plainText: string, limit = 300): string {
  const text = plainText.replace(/\s+/g, ' ').trim();
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), limit / 2)).trimEnd()}…`;
}

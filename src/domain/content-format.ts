/**
 * How a post's or excerpt's `content` text is to be read.
 * - `plain`: text written before Markdown existed; every non-blank line is a paragraph, nothing else is markup.
 * - `markdown`: CommonMark plus footnotes; a single line break in prose starts a new paragraph (in lists and footnotes it is a line break).
 */
export const CONTENT_FORMATS = ['plain', 'markdown'] as const;

export type ContentFormat = (typeof CONTENT_FORMATS)[number];

/** New content is Markdown; rows written before the Markdown change keep `plain`. */
export const DEFAULT_CONTENT_FORMAT: ContentFormat = 'markdown';

const MARKDOWN_SPECIALS = /[\\`*_{}[\]()#+\-.!|<>~^]/g;

/**
 * The Markdown that renders exactly like a plain-text content: each non-blank line its own paragraph, with any
 * character Markdown would read as markup escaped. Used when the author opens an old text in the Markdown editor.
 */
export function plainTextToMarkdown(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => line.replace(MARKDOWN_SPECIALS, (char) => `\\${char}`))
    .join('\n\n');
}

import type { ContentFormat } from '../../../domain/content-format.js';
import { renderContentText } from './render-content.js';

export const ADMIN_EXCERPT_PREVIEW_CHARS = 200;

/** The start of an excerpt's words for the admin list: its plain text, one block a line. */
export function excerptPreview(content: string, format: ContentFormat): string {
  const text = renderContentText(content, format).replace(/\n+/g, '\n');
  return text.length > ADMIN_EXCERPT_PREVIEW_CHARS ? `${text.slice(0, ADMIN_EXCERPT_PREVIEW_CHARS)}...` : text;
}

/** Adds `preview` (excerptPreview) to each excerpt, so the browser needs no Markdown reader of its own. */
export function withExcerptPreview<T extends { content: string; contentFormat: ContentFormat }>(
  excerpt: T,
): T & { preview: string } {
  return { ...excerpt, preview: excerptPreview(excerpt.content, excerpt.contentFormat) };
}

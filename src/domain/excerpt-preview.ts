import type { ContentFormat } from './content-format.js';
import { contentPlainText } from './content-plain-text.js';

// Its own module, apart from excerpts.ts which the public pages share: only the admin's chunk carries it.

export const ADMIN_EXCERPT_PREVIEW_CHARS = 200;

/** The start of an excerpt's words for the admin list: plain text, without Markdown's marks. */
export function excerptPreview(content: string, format: ContentFormat): string {
  const text = contentPlainText(content, format);
  return text.length > ADMIN_EXCERPT_PREVIEW_CHARS ? `${text.slice(0, ADMIN_EXCERPT_PREVIEW_CHARS)}...` : text;
}

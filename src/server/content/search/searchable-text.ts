import type { ContentFormat } from '../../../domain/content-format.js';
import { renderContentText } from '../rendering/render-content.js';

/** What the search index holds for one item: its title (weighted above the rest) and its body. */
export type SearchDocument = { title: string; body: string };

/** Control characters (the highlight markers among them) but line breaks never reach the index. */
const CONTROL_CHARS = /\p{Cc}/gu;

function clean(text: string): string {
  return text.normalize('NFC').replace(CONTROL_CHARS, (char) => (char === '\n' ? char : ' '));
}

/** Rows written before Markdown have no format (or 'plain'); anything else unknown reads as plain text. */
function formatOf(stored: string | undefined): ContentFormat {
  return stored === 'markdown' ? 'markdown' : 'plain';
}

/** The text a reader sees of a content field: Markdown rendered to text, plain text by lines. */
function readableText(content: string, contentFormat: string | undefined): string {
  return renderContentText(content, formatOf(contentFormat));
}

const joined = (...parts: string[]) => clean(parts.filter((part) => part.trim() !== '').join('\n\n'));

/** A post's body: its summary, its text, then its tags' names (a search for a tag's name finds its posts). */
export function postDocument(post: {
  title: string;
  summary: string;
  content: string;
  contentFormat?: string;
  tags?: readonly string[];
}): SearchDocument {
  return {
    title: clean(post.title),
    body: joined(post.summary, readableText(post.content, post.contentFormat), (post.tags ?? []).join(' · ')),
  };
}

export function excerptDocument(excerpt: {
  title: string;
  description: string;
  content: string;
  contentFormat?: string;
}): SearchDocument {
  return {
    title: clean(excerpt.title),
    body: joined(excerpt.description, readableText(excerpt.content, excerpt.contentFormat)),
  };
}

export function bookDocument(book: { title: string; description: string }): SearchDocument {
  return { title: clean(book.title), body: joined(book.description) };
}

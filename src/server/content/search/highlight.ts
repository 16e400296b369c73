import type { MarkedSegment, SearchAnswer, SearchHit } from '../../../domain/search.js';

/**
 * FTS5 wraps matched words in these markers (highlight() and snippet()); control characters that
 * never occur in indexed text (searchableText removes them), so stored content cannot forge one.
 */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

const MARKER = new RegExp(`([${MATCH_START}${MATCH_END}])`);

/**
 * Marked text as runs of plain text, each matched run marked. A marker without its partner (a cut
 * snippet) is dropped rather than left open; neighbouring runs of the same kind are joined.
 */
export function markedToSegments(marked: string): MarkedSegment[] {
  const segments: MarkedSegment[] = [];
  let open = false;
  for (const part of marked.split(MARKER)) {
    if (part === MATCH_START) open = true;
    else if (part === MATCH_END) open = false;
    else if (part !== '') {
      const last = segments[segments.length - 1];
      if (last?.marked === open) last.text += part;
      else segments.push({ text: part, marked: open });
    }
  }
  return segments;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * The runs as HTML, for the REST answer's documented `titleHtml` and `snippetHtml`: every character
 * escaped, each marked run in <mark>…</mark>. The site itself renders the segments.
 */
export function segmentsToHtml(segments: readonly MarkedSegment[]): string {
  return segments.map(({ text, marked }) => (marked ? `<mark>${escapeHtml(text)}</mark>` : escapeHtml(text))).join('');
}

/** A REST search answer: each hit with its segments and, beside them, the same as HTML. */
export function withMarkedHtml(answer: SearchAnswer): SearchAnswer & {
  results: Array<SearchHit & { titleHtml: string; snippetHtml: string }>;
} {
  return {
    ...answer,
    results: answer.results.map((hit) => ({
      ...hit,
      titleHtml: segmentsToHtml(hit.titleSegments),
      snippetHtml: segmentsToHtml(hit.snippetSegments),
    })),
  };
}

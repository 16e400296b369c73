/**
 * FTS5 wraps matched words in these markers (highlight() and snippet()); control characters that
 * never occur in indexed text (searchableText removes them), so stored content cannot forge one.
 */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

const MARKER = new RegExp(`([${MATCH_START}${MATCH_END}])`);

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Marked text as HTML: every character escaped, each marked run in <mark>…</mark>. A marker
 * without its partner (a cut snippet) is dropped rather than left open.
 */
export function markedToHtml(marked: string): string {
  let html = '';
  let open = false;
  for (const part of marked.split(MARKER)) {
    if (part === MATCH_START) {
      if (!open) html += '<mark>';
      open = true;
    } else if (part === MATCH_END) {
      if (open) html += '</mark>';
      open = false;
    } else {
      html += escapeHtml(part);
    }
  }
  return open ? `${html}</mark>` : html;
}

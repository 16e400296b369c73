export type Segment = { text: string; match: boolean };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * The search answer's highlighted HTML (escaped text and <mark>…</mark>) as plain-text segments.
 * Any other tag would stay visible as text: only <mark> is read as markup.
 */
export function highlightSegments(html: string): Segment[] {
  const segments: Segment[] = [];
  let match = false;
  for (const part of html.split(/(<\/?mark>)/)) {
    if (part === '<mark>') match = true;
    else if (part === '</mark>') match = false;
    else if (part !== '') segments.push({ text: unescapeHtml(part), match });
  }
  return segments;
}

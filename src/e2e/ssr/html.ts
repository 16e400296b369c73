/** Small readers of server-rendered HTML for the SSR tests (no DOM library needed). */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The visible text of the body (scripts and styles removed), whitespace collapsed. */
export function bodyText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return decodeEntities(
    body
      .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
      .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

export function titleOf(html: string): string | undefined {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  return match ? decodeEntities(match[1]!) : undefined;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match ? decodeEntities(match[1]!) : undefined;
}

/** The content of <meta name=…> or <meta property=…>. */
export function metaContent(html: string, key: string): string | undefined {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (attribute(tag, 'name') === key || attribute(tag, 'property') === key) return attribute(tag, 'content');
  }
  return undefined;
}

/** The href of the first <link rel=…> (and type, when given). */
export function linkHref(html: string, rel: string, type?: string): string | undefined {
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (attribute(tag, 'rel') === rel && (!type || attribute(tag, 'type') === type)) return attribute(tag, 'href');
  }
  return undefined;
}

export type JsonLdNode = Record<string, unknown>;

/** Every JSON-LD block of the page, parsed. */
function jsonLdBlocks(html: string): JsonLdNode[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/gi)].map(
    (match) => JSON.parse(match[1]!) as JsonLdNode,
  );
}

/** The nodes of a JSON-LD block and of its @graph, item lists included, flattened. */
export function jsonLdNodes(html: string): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as JsonLdNode;
    if (record['@type']) nodes.push(record);
    visit(record['@graph']);
    visit(record.itemListElement);
    visit(record.item);
  };
  jsonLdBlocks(html).forEach(visit);
  return nodes;
}

/** The inline scripts the browser executes (no src, JavaScript type). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\ssrc=/i.test(attributes!) && !/type="application\/ld\+json"/i.test(attributes!))
    .map(([, , body]) => body!)
    .filter((body) => body.length > 0);
}

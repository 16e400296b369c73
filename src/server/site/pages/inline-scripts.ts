import { createHash, randomBytes } from 'node:crypto';

const SCRIPT_PATTERN = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript']);

function attributeValue(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  if (!match) return /(?:^|\s)src(?:\s|$)/i.test(attributes) && name === 'src' ? '' : undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** A new marker for one render's own scripts: unguessable, and safe inside an attribute and a pattern. */
export function newScriptNonce(): string {
  return randomBytes(18).toString('base64url');
}

const escapePattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * The page's HTML with the render's marker removed, and the CSP sources ('sha256-…') of the
 * inline scripts the browser would execute that carried it: the renderer's own. Any other inline
 * script (one that reached the page through content) gets no source, so the CSP blocks it.
 * Scripts with a src and data blocks (JSON-LD) need none.
 */
export function rendererScripts(html: string, nonce: string): { html: string; scriptSources: string[] } {
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT_PATTERN)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (attributeValue(attributes, 'nonce') !== nonce) continue;
    if (attributeValue(attributes, 'src') !== undefined) continue;
    const type = (attributeValue(attributes, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    if (body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  const marker = escapePattern(nonce);
  // One pass over the page (it is the whole document): the marker's meta element and its attributes go.
  const stripped = html.replace(
    new RegExp(`<meta property="csp-nonce" content="${marker}"\\s*/?>| nonce="${marker}"`, 'g'),
    '',
  );
  return { html: stripped, scriptSources: [...hashes] };
}

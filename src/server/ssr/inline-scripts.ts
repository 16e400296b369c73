import { createHash } from 'node:crypto';

const SCRIPT_PATTERN = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript']);

function attributeValue(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  if (!match) return /(?:^|\s)src(?:\s|$)/i.test(attributes) && name === 'src' ? '' : undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/**
 * The CSP sources ('sha256-…') of every inline script the browser would execute in this HTML:
 * scripts with a src and data blocks (JSON-LD) need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT_PATTERN)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (attributeValue(attributes, 'src') !== undefined) continue;
    const type = (attributeValue(attributes, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    if (body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

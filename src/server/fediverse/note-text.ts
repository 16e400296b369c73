import { COMMENT_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from '../../domain/comments.js';

/** A Note's HTML is read up to this many characters (its comment is at most COMMENT_MAX_LENGTH). */
const MAX_HTML_READ = 64 * 1024;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
  });
}

/** Plain text as the comments' Markdown reads it back as the same text: every punctuation it could act on escaped. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]()<>#!~|&]/g, (char) => `\\${char}`);

/** An `href` kept as a link: an absolute web address only, its parentheses encoded for the Markdown link. */
function webLink(href: string): string | null {
  try {
    const url = new URL(decodeEntities(href.trim()));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.replace(/\(/g, '%28').replace(/\)/g, '%29');
  } catch {
    return null;
  }
}

const hrefOf = (attributes: string) =>
  /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
    .exec(attributes)
    ?.slice(1)
    .find((value) => value !== undefined) ?? null;

const BLOCKS = new Set(['p', 'div', 'blockquote', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre']);
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'template', 'iframe', 'object', 'svg', 'math']);

/**
 * A Note's HTML (Mastodon's `<p>`, `<br>`, `<a>`, `<span>`) as the comments' Markdown subset: its text with every
 * Markdown character escaped, paragraphs and line breaks kept, web links as `[text](https://…)` (rendered with
 * `rel="nofollow ugc noopener"` by comment-markdown.ts); every other tag, script and style dropped. At most
 * COMMENT_MAX_LENGTH characters.
 */
export function noteHtmlToCommentMarkdown(html: string): string {
  const source = html.slice(0, MAX_HTML_READ);
  let out = '';
  let link: { href: string; text: string } | null = null;
  let skipUntil: string | null = null;
  const write = (text: string) => {
    if (link) link.text += text;
    else out += text;
  };
  const tag = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-z][a-z0-9-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>?/gi;
  let at = 0;
  for (let match = tag.exec(source); match; match = tag.exec(source)) {
    if (skipUntil === null && match.index > at)
      write(escapeMarkdown(decodeEntities(source.slice(at, match.index)).replace(/\s+/g, ' ')));
    at = tag.lastIndex;
    const [, closing, rawName, attributes = ''] = match;
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    if (skipUntil !== null) {
      if (closing && name === skipUntil) skipUntil = null;
      continue;
    }
    if (!closing && DROPPED_WITH_CONTENT.has(name)) skipUntil = name;
    else if (name === 'br') write('\n');
    else if (BLOCKS.has(name)) write('\n\n');
    else if (name === 'a' && !closing && !link) {
      const href = hrefOf(attributes);
      const target = href ? webLink(href) : null;
      if (target) link = { href: target, text: '' };
    } else if (name === 'a' && closing && link) {
      const text = link.text.replace(/\s+/g, ' ').trim() || escapeMarkdown(link.href);
      out += `[${text}](${link.href})`;
      link = null;
    }
  }
  if (skipUntil === null && at < source.length)
    write(escapeMarkdown(decodeEntities(source.slice(at)).replace(/\s+/g, ' ')));
  if (link) out += link.text;
  const text = out
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length <= COMMENT_MAX_LENGTH ? text : `${text.slice(0, COMMENT_MAX_LENGTH - 1).replace(/\\$/, '')}…`;
}

/** A remote account's display name as a comment shows it: no control characters, one line, at most 60 characters. */
export function remoteDisplayName(name: string | null | undefined, fallback: string): string {
  const clean = (name ?? '')
    .slice(0, 1000)
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chosen = clean || fallback;
  return chosen.length <= DISPLAY_NAME_MAX_LENGTH ? chosen : `${chosen.slice(0, DISPLAY_NAME_MAX_LENGTH - 1)}…`;
}

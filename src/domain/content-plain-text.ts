import type { ContentFormat } from './content-format.js';

/**
 * The words of a post's or excerpt's content without its markup, for short previews (the admin lists).
 * Blocks (paragraphs, headings, list items, quotes) become lines. Not a renderer: regular expressions that
 * remove CommonMark's marks, small enough for the browser bundle; the pages use `renderContentHtml`.
 */
export function contentPlainText(content: string, format: ContentFormat): string {
  return format === 'plain' ? plainLines(content).join('\n') : markdownToPlainText(content);
}

const plainLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const RULE = /^ {0,3}([-*_])( *\1){2,} *$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+) *$/;
const LINK_DEFINITION = /^ {0,3}\[(?!\^)[^\]]+\]: *\S+.*$/;
const LINE_PREFIX = /^ {0,3}(>|[-*+](?= )|\d{1,9}[.)](?= ))\s*/;
const HEADING = /^ {0,3}#{1,6}(?: +|$)(.*?)(?: +#+)? *$/;
const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]]+\]: */;

/** Markdown (CommonMark, footnotes, strikethrough) to its plain words, one block a line. */
export function markdownToPlainText(markdown: string): string {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== null) {
      // Inside a code block the text is shown as written, up to the fence that closes it.
      if (closesFence(line, fenceMark, fence)) fence = null;
      else lines.push(line.trim());
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    if (RULE.test(line) || SETEXT_UNDERLINE.test(line) || LINK_DEFINITION.test(line)) continue;
    lines.push(inlinePlainText(blockText(line)));
  }
  return lines
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** A closing fence: the opening one's character, at least as many, and nothing else on the line. */
const closesFence = (line: string, mark: string | undefined, fence: string) =>
  mark !== undefined && mark[0] === fence[0] && mark.length >= fence.length && line.trim() === mark;

/** A line without its block marks: quote and list markers (nested too), heading hashes, a footnote's label. */
function blockText(line: string): string {
  let text = line;
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(LINE_PREFIX, '');
  }
  const heading = HEADING.exec(text);
  if (heading) text = heading[1] ?? '';
  return text.replace(FOOTNOTE_DEFINITION, '');
}

/** A link's or image's `(address "title")`, with one level of parentheses inside the address. */
const DESTINATION = String.raw`\((?:[^()]|\([^()]*\))*\)`;
const IMAGE = new RegExp(String.raw`!\[[^\]]*\](?:${DESTINATION}|\[[^\]]*\])?`, 'g');
const LINK = new RegExp(String.raw`\[([^\]]*)\](?:${DESTINATION}|\[[^\]]*\])`, 'g');

/** Where something unread (an image, a footnote mark) was taken out. */
const DROPPED = '\uE002';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Inline marks removed: code spans and escaped characters are kept as written, the rest is unwrapped. */
function inlinePlainText(text: string): string {
  const kept: string[] = [];
  // A private-use character stands for a kept piece while the marks around it are removed.
  const keep = (piece: string) => `\uE000${kept.push(piece) - 1}\uE001`;
  return text
    .replace(/(`+)(.+?)\1(?!`)/g, (_, _ticks: string, code: string) => keep(code.trim() === '' ? code : code.trim()))
    .replace(/\\([!-/:-@[-`{-~])/g, (_, char: string) => keep(char))
    .replace(/\\$/, '')
    .replace(IMAGE, DROPPED) // images: nothing to read
    .replace(/\^\[([^\]]*)\]/g, DROPPED) // inline footnotes
    .replace(/\[\^[^\]]+\]/g, DROPPED) // footnote references
    .replace(LINK, '$1') // links: their text
    .replace(/<((?:https?|mailto):[^>\s]+)>/gi, '$1') // autolinks: the address
    .replace(/(\*+|~~)(?=\S)|(?<=\S)(\*+|~~)/g, '') // emphasis and strikethrough around words
    .replace(/(^|[^\p{L}\p{N}_])_+(?=\S)|(?<=\S)_+(?=$|[^\p{L}\p{N}_])/gu, '$1') // _ only at word edges
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => decodeEntity(entity, name))
    .replace(/\s*\uE002(?=[\s.,;:!?)]|$)|\uE002/g, '') // with the space before it, unless a word follows
    .replace(/\uE000(\d+)\uE001/g, (_, index: string) => kept[Number(index)] ?? '');
}

function decodeEntity(entity: string, name: string): string {
  if (name[0] !== '#') return Object.hasOwn(ENTITIES, name) ? ENTITIES[name]! : entity;
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
}

import type { MarkdownIt as MarkdownItInstance, StateBlock, StateCore, Token } from 'markdown-it';
import { embedOf, type Embed } from './embed-providers.js';

/**
 * The structures of a text beyond CommonMark, each written as plain Markdown that reads well anywhere:
 * - a gallery: two or more images (each maybe a link) and nothing else in one paragraph → a grid, each image a link
 *   to itself (a viewer that needs no JavaScript);
 * - a caption: a paragraph in italics right after an image or a gallery → its <figcaption>, in a <figure>;
 * - an embed: a paragraph that is only a link to a known service's post or player (embed-providers.ts) → a card
 *   linking to it; nothing is loaded from the service until the reader follows the link;
 * - a reversed list: an ordered list numbered downwards (3. 2. 1.) → <ol reversed>;
 * - a definition list: a term line followed by `: definition` lines (PHP Markdown Extra, Pandoc) → <dl>.
 */

const IMAGE_ITEM = String.raw`(?:\[\s*)?!\[[^\]\n]*\]\([^)\n]*\)(?:\s*\]\([^)\n]*\))?`;
const IMAGE_ITEMS = new RegExp(IMAGE_ITEM, 'g');
const SAFE_IMAGE = /^(https:|\/(?!\/))/i;

/** Marks paragraphs of images only (before they are split at line breaks, which would undo the gallery). */
function markGalleries(state: StateCore): void {
  for (let index = 0; index < state.tokens.length - 1; index++) {
    const open = state.tokens[index]!;
    const inline = state.tokens[index + 1]!;
    if (open.type !== 'paragraph_open' || inline.type !== 'inline') continue;
    const count = inline.content.match(IMAGE_ITEMS)?.length ?? 0;
    if (count >= 2 && inline.content.replace(IMAGE_ITEMS, '').trim() === '') open.meta = { gallery: true };
  }
}

export const isGallery = (token: Token): boolean => (token.meta as { gallery?: boolean } | null)?.gallery === true;

const isBlank = (token: Token) => token.type === 'softbreak' || (token.type === 'text' && token.content.trim() === '');

/** A paragraph's children as its images (each maybe inside a link), or null when anything else is in it. */
function imageItems(children: readonly Token[]): Token[][] | null {
  const items: Token[][] = [];
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    if (isBlank(child)) continue;
    if (child.type === 'image') items.push([child]);
    else if (
      child.type === 'link_open' &&
      children[index + 1]?.type === 'image' &&
      children[index + 2]?.type === 'link_close'
    ) {
      items.push(children.slice(index, index + 3));
      index += 2;
    } else return null;
  }
  return items;
}

function linkTo(state: StateCore, href: string): [Token, Token] {
  const open = new state.Token('link_open', 'a', 1);
  open.attrSet('href', href);
  open.attrSet('class', 'content-gallery-item');
  return [open, new state.Token('link_close', 'a', -1)];
}

/** A gallery's images, each a link to the full image, in a grid. */
function drawGallery(state: StateCore, open: Token, inline: Token, close: Token): boolean {
  const items = imageItems(inline.children ?? []);
  if (!items || items.length < 2) return false;
  inline.children = items.flatMap((item) => {
    if (item.length === 3) return item;
    const src = String(item[0]!.attrGet('src') ?? '');
    if (!SAFE_IMAGE.test(src)) return item;
    const [linkOpen, linkClose] = linkTo(state, src);
    return [linkOpen, item[0]!, linkClose];
  });
  open.tag = close.tag = 'div';
  open.attrSet('class', 'content-gallery');
  return true;
}

/** The link a paragraph holds alone (whitespace around it aside), as an embed, or null. */
function embedOfParagraph(children: readonly Token[]): { embed: Embed; text: string } | null {
  const meaningful = children.filter((child) => !isBlank(child));
  const first = meaningful[0];
  const last = meaningful[meaningful.length - 1];
  if (!first || first.type !== 'link_open' || last?.type !== 'link_close') return null;
  const inner = meaningful.slice(1, -1);
  if (inner.some((child) => !['text', 'text_special', 'code_inline'].includes(child.type))) return null;
  const embed = embedOf(String(first.attrGet('href') ?? ''));
  if (!embed) return null;
  const text = inner
    .map((child) => child.content)
    .join('')
    .trim();
  return { embed, text };
}

const isImageParagraph = (inline: Token | undefined) => {
  const items = inline?.type === 'inline' ? imageItems(inline.children ?? []) : null;
  return items?.length === 1;
};

/** A paragraph in italics alone: a caption when it follows an image. */
function isCaption(tokens: readonly Token[], index: number): boolean {
  const [open, inline, close] = [tokens[index], tokens[index + 1], tokens[index + 2]];
  if (open?.type !== 'paragraph_open' || inline?.type !== 'inline' || close?.type !== 'paragraph_close') return false;
  const children = inline.children ?? [];
  return (
    children.length >= 3 &&
    children[0]!.type === 'em_open' &&
    children[children.length - 1]!.type === 'em_close' &&
    children.filter((child) => child.type === 'em_open').length === 1
  );
}

/** Reversed when the second item's number is below the first's (markdown-it keeps each item's number in `info`). */
function markReversed(tokens: readonly Token[], index: number): void {
  const open = tokens[index]!;
  const numbers: number[] = [];
  for (let at = index + 1; at < tokens.length && numbers.length < 2; at++) {
    const token = tokens[at]!;
    if (token.type === 'ordered_list_close' && token.level === open.level) break;
    if (token.type === 'list_item_open' && token.level === open.level + 1) numbers.push(Number(token.info));
  }
  if (numbers.length === 2 && numbers[1]! < numbers[0]!) open.attrSet('reversed', '');
}

/** After the inline parse: galleries, embeds, captions and reversed lists (see the file's comment). */
function contentStructures(state: StateCore): void {
  const tokens: Token[] = [];
  const source = state.tokens;
  for (let index = 0; index < source.length; index++) {
    const token = source[index]!;
    if (token.type === 'ordered_list_open') markReversed(source, index);
    const [inline, close] = [source[index + 1], source[index + 2]];
    if (token.type !== 'paragraph_open' || inline?.type !== 'inline' || close?.type !== 'paragraph_close') {
      tokens.push(token);
      continue;
    }
    const embed = embedOfParagraph(inline.children ?? []);
    if (embed) {
      const card = new state.Token('embed_card', '', 0);
      Object.assign(card, { map: token.map, level: token.level, block: true, meta: embed });
      tokens.push(card);
      index += 2;
      continue;
    }
    const gallery = isGallery(token) && drawGallery(state, token, inline, close);
    if ((gallery || isImageParagraph(inline)) && isCaption(source, index + 3)) {
      const figureOpen = new state.Token('figure_open', 'figure', 1);
      figureOpen.attrSet('class', 'content-figure');
      const [captionOpen, caption, captionClose] = source.slice(index + 3, index + 6) as [Token, Token, Token];
      captionOpen.tag = captionClose.tag = 'figcaption';
      caption.children = caption.children!.slice(1, -1);
      tokens.push(figureOpen, token, inline, close, captionOpen, caption, captionClose);
      tokens.push(new state.Token('figure_close', 'figure', -1));
      index += 5;
      continue;
    }
    tokens.push(token);
  }
  state.tokens = tokens;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** An embed as a card: the service, the title (the link's text, when it is not the address), where it goes. */
function embedCardHtml({ embed, text }: { embed: Embed; text: string }): string {
  const title = text && text !== embed.url && !/^https?:\/\//i.test(text) ? text : embed.label;
  const shown = embed.url.replace(/^https:\/\/(www\.)?/, '');
  return (
    `<figure class="embed-card"><a class="embed-card-link" href="${escapeHtml(embed.url)}" rel="noopener nofollow ugc">` +
    `<span class="embed-card-provider">${escapeHtml(embed.provider)}</span>` +
    `<span class="embed-card-title">${escapeHtml(title)}</span>` +
    `<span class="embed-card-url">${escapeHtml(shown)}</span></a></figure>\n`
  );
}

const DEFINITION = /^ {0,3}:[ \t]+(\S.*)$/;

/** A definition list: term lines, each followed by one or more `: definition` lines, with no blank line between. */
function definitionList(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const lineText = (line: number) => state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);
  const isTerm = (line: number) =>
    line + 1 < endLine &&
    state.sCount[line]! - state.blkIndent < 4 &&
    !state.isEmpty(line) &&
    !lineText(line).startsWith(':') &&
    DEFINITION.test(state.src.slice(state.bMarks[line + 1], state.eMarks[line + 1]));
  if (!isTerm(startLine)) return false;
  if (silent) return true;
  const push = (type: string, tag: string, nesting: -1 | 0 | 1, line: number, content?: string) => {
    const token = state.push(type, tag, nesting);
    token.map = [line, line + 1];
    if (content !== undefined) Object.assign(token, { content, children: [] });
  };
  push('dl_open', 'dl', 1, startLine);
  let line = startLine;
  while (line < endLine && isTerm(line)) {
    push('dt_open', 'dt', 1, line);
    push('inline', '', 0, line, lineText(line).trim());
    push('dt_close', 'dt', -1, line);
    line++;
    for (
      let match = DEFINITION.exec(state.src.slice(state.bMarks[line], state.eMarks[line]));
      line < endLine && match;
      match = DEFINITION.exec(state.src.slice(state.bMarks[line], state.eMarks[line]))
    ) {
      push('dd_open', 'dd', 1, line);
      push('inline', '', 0, line, match[1]!.trim());
      push('dd_close', 'dd', -1, line);
      line++;
    }
  }
  push('dl_close', 'dl', -1, line);
  state.line = line;
  return true;
}

/** Adds the structures to a content renderer. */
export function useContentStructures(markdown: MarkdownItInstance): void {
  markdown.block.ruler.before('paragraph', 'definition_list', definitionList, { alt: ['paragraph'] });
  markdown.core.ruler.after('block', 'galleries', markGalleries);
  markdown.core.ruler.after('inline', 'content_structures', contentStructures);
  markdown.renderer.rules.embed_card = (tokens, index) =>
    embedCardHtml(tokens[index]!.meta as { embed: Embed; text: string });
}

import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type TurndownService from 'turndown';
import type * as EmbedProviders from '../content/rendering/embed-providers.js';

/**
 * HTML of another blog (WordPress classic or block editor, Ghost, Substack) to the site's Markdown, through
 * turndown. The site renders no raw HTML, so every element becomes Markdown or its text: nothing is lost. Structures
 * become the Markdown the renderer draws them from (content-structures.ts): tables, galleries (images alone in a
 * paragraph), captions (an italic line under the image), embeds (a link alone in a paragraph, for the services of
 * embed-providers.ts; a frame from any other host is dropped), definition lists, reversed lists (numbered
 * downwards), footnotes and code with its language.
 */
// Not lazy-module.ts: this module also runs in the import's worker thread (markdown-converter.ts), which loads it alone.
const require = createRequire(import.meta.url);
/** `.ts` under the tests (Node strips the types of a file the worker loads), `.js` when built. */
const extension = path.extname(fileURLToPath(import.meta.url));
let converter: TurndownService | undefined;
/** What the rules read of turndown's DOM nodes (domino's elements; the server is built without the DOM's types). */
interface Node {
  nodeName: string;
  textContent: string | null;
  innerHTML: string;
  childNodes: ArrayLike<Node>;
  children: ArrayLike<Node>;
  parentNode: Node | null;
  nextSibling: Node | null;
  previousElementSibling: Node | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): ArrayLike<Node>;
  remove(): void;
}
type Embed = ReturnType<typeof EmbedProviders.embedOf>;

const hasClass = (node: Node, pattern: RegExp) => pattern.test(node.getAttribute?.('class') ?? '');
const textOf = (node: Node | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
/** Text as Markdown link text: brackets and backslashes escaped, at most 200 characters. */
const linkText = (text: string) =>
  (text.length > 200 ? `${text.slice(0, 199).trimEnd()}…` : text).replace(/[\\[\]*_`<>]/g, (char) => `\\${char}`);
const SAFE_HREF = /^(https?:|mailto:|#|\/|\.|[^:]*$)/i;
/** A caption as one line of text: its Markdown without images or emphasis (it is set in italics as a whole). */
function captionText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .replace(/(^|[^\\])[_*]+/g, '$1')
    .trim();
}

const EMBED_QUOTE = /twitter-tweet|instagram-media|bluesky-embed|mastodon-embed|tiktok-embed/;
const GALLERY = /wp-block-gallery|kg-gallery-card|tiled-gallery|gallery/;
const FOOTNOTES = /wp-block-footnotes|footnotes/;

/** What an embed node becomes: a known service's embed, or (a bookmark, another site's embed block) its link. */
type FoundEmbed = { title: string } & ({ embed: NonNullable<Embed> } | { link: string });

/** The embed a node stands for (a frame, an embed block or card, a service's quoted post), or null. */
function embedOfNode(node: Node, embedOf: typeof EmbedProviders.embedOf): FoundEmbed | null {
  const name = node.nodeName;
  if (name === 'IFRAME') {
    // A frame from any other host is dropped (turndown's remove list).
    const embed = embedOf(node.getAttribute('src') ?? '');
    return embed ? { embed, title: node.getAttribute('title') ?? '' } : null;
  }
  const isEmbedFigure = name === 'FIGURE' && hasClass(node, /wp-block-embed|kg-embed-card|kg-bookmark-card/);
  const isEmbedQuote = name === 'BLOCKQUOTE' && hasClass(node, EMBED_QUOTE);
  if (!isEmbedFigure && !isEmbedQuote) return null;
  const candidates = [
    textOf(node.querySelector('.wp-block-embed__wrapper')),
    node.getAttribute('data-instgrm-permalink') ?? '',
    node.getAttribute('cite') ?? '',
    ...Array.from(node.querySelectorAll('iframe')).map((frame) => frame.getAttribute('src') ?? ''),
    ...Array.from(node.querySelectorAll('a[href]'))
      .map((link) => link.getAttribute('href') ?? '')
      .reverse(),
  ];
  const embed = candidates.map((url) => embedOf(url)).find((found) => found !== null);
  const title =
    textOf(node.querySelector('.kg-bookmark-title')) ||
    (isEmbedQuote ? textOf(node.querySelector('p')) : '') ||
    (node.querySelector('iframe')?.getAttribute('title') ?? '');
  if (embed) return { embed, title };
  const link = isEmbedFigure ? candidates.find((url) => /^https?:\/\/[^\s()<>]+$/i.test(url)) : undefined;
  return link ? { link, title } : null;
}

function embedMarkdown(found: FoundEmbed, caption: string): string {
  const url = 'embed' in found ? found.embed.url : found.link;
  const link = found.title && found.title !== url ? `[${linkText(found.title)}](${url})` : `<${url}>`;
  return `\n\n${link}\n\n${caption}`;
}

/** The italic line of a figure's own caption (its <figcaption> child), or nothing. */
function captionOf(node: Node): string {
  const caption = Array.from(node.childNodes).find((child) => child.nodeName === 'FIGCAPTION') as Node | undefined;
  const text = caption ? captionText(turndown().turndown(caption.innerHTML)) : '';
  return text ? `_${text}_\n\n` : '';
}

/** A rule's test, on the element turndown passes. */
const when =
  (test: (node: Node) => boolean) =>
  (node: TurndownService.Node): boolean =>
    test(node as unknown as Node);

/** Embeds (a frame, a card, an address alone on its line) and links whose address is not safe (their text only). */
function addEmbedAndLinkRules(service: TurndownService, embedOf: typeof EmbedProviders.embedOf): void {
  service.addRule('embed', {
    filter: when((node) => embedOfNode(node, embedOf) !== null),
    replacement: (_content, turndownNode) => {
      const node = turndownNode as unknown as Node;
      const found = embedOfNode(node, embedOf)!;
      return embedMarkdown(found, captionOf(node));
    },
  });
  // WordPress embeds an address alone on its line ([embed] and the classic editor's auto-embeds).
  service.addRule('embedAddress', {
    filter: when(
      (node) =>
        node.nodeName === 'P' &&
        Array.from(node.childNodes).every((child) => child.nodeName === '#text' || child.nodeName === 'A') &&
        embedOf(textOf(node)) !== null,
    ),
    replacement: (_content, node) => `\n\n<${embedOf(textOf(node as unknown as Node))!.url}>\n\n`,
  });
  service.addRule('unsafeLink', {
    filter: when(
      (node) => node.nodeName === 'A' && !SAFE_HREF.test((node.getAttribute('href') ?? '').replace(/\s/g, '')),
    ),
    replacement: (content) => content,
  });
}

/** Galleries (their images, one a line) and figure captions (an italic line under the image). */
function addFigureRules(service: TurndownService): void {
  service.addRule('gallery', {
    filter: when(
      (node) =>
        (node.nodeName === 'FIGURE' || node.nodeName === 'DIV') &&
        hasClass(node, GALLERY) &&
        Boolean(node.querySelector('img')),
    ),
    replacement: (_content, turndownNode) => {
      const node = turndownNode as unknown as Node;
      const images = Array.from(node.querySelectorAll('img'))
        .map((image) => ({ src: image.getAttribute('src') ?? '', alt: image.getAttribute('alt') ?? '' }))
        .filter((image) => /^(https?:\/\/|\/)/i.test(image.src))
        .map(
          (image) =>
            `![${linkText(image.alt)}](${image.src.replace(/[()\s]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`,
        );
      return `\n\n${images.join('\n')}\n\n${captionOf(node)}`;
    },
  });
  // A figure's caption becomes an italic line under its image (the renderer draws it as the figure's caption).
  service.addRule('figcaption', {
    filter: 'figcaption',
    replacement: (content) => {
      const text = captionText(content);
      return text ? `\n\n_${text}_\n\n` : '';
    },
  });
}

/** A table as a Markdown table: its rows padded to the widest, a header row (empty when it had none), its caption above. */
function tableMarkdown(content: string, node: Node): string {
  const rows = content.split('\n').filter((row) => row.startsWith('|'));
  if (rows.length === 0) return '';
  const cells = (row: string) => (row.match(/(?<!\\)\|/g)?.length ?? 1) - 1;
  const width = Math.max(...rows.map(cells));
  const padded = rows.map((row) => row + ' |'.repeat(width - cells(row)));
  const first = node.querySelector('tr');
  const headed = Boolean(first?.querySelector('th')) || first?.parentNode?.nodeName === 'THEAD';
  const header = headed ? padded.shift()! : `|${'  |'.repeat(width)}`;
  const caption = textOf(node.querySelector('caption'));
  const table = [header, `|${' --- |'.repeat(width)}`, ...padded].join('\n');
  return `\n\n${caption ? `_${linkText(caption)}_\n\n` : ''}${table}\n\n`;
}

/** Tables: a cell per colspan (at most 20), a row per line. */
function addTableRules(service: TurndownService): void {
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, turndownNode) => {
      const node = turndownNode as unknown as Node;
      const cell = ` ${content.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim()} |`;
      return cell.repeat(Math.min(Math.max(Number(node.getAttribute('colspan')) || 1, 1), 20));
    },
  });
  service.addRule('tableRow', { filter: 'tr', replacement: (content) => `\n|${content}` });
  service.addRule('tableSection', {
    filter: ['thead', 'tbody', 'tfoot', 'caption', 'colgroup'],
    replacement: (c) => c,
  });
  service.addRule('table', {
    filter: 'table',
    replacement: (content, turndownNode) => tableMarkdown(content, turndownNode as unknown as Node),
  });
}

/** Definition lists, reversed lists and an ordered list right after another. */
function addListRules(service: TurndownService): void {
  service.addRule('definitionList', {
    filter: 'dl',
    replacement: (content) => `\n\n${content.replace(/\n{2,}/g, '\n').trim()}\n\n`,
  });
  service.addRule('definitionTerm', {
    filter: 'dt',
    replacement: (content) => `\n${content.replace(/\s+/g, ' ').trim().replace(/^:/, '\\:')}\n`,
  });
  service.addRule('definition', {
    filter: 'dd',
    replacement: (content) => `: ${content.replace(/\s+/g, ' ').trim()}\n`,
  });
  // A reversed list is numbered downwards, which the renderer reads as reversed.
  service.addRule('reversedListItem', {
    filter: when(
      (node) =>
        node.nodeName === 'LI' &&
        node.parentNode?.nodeName === 'OL' &&
        (node.parentNode as Node).hasAttribute('reversed'),
    ),
    replacement: (content, turndownNode) => {
      const node = turndownNode as unknown as Node;
      const list = node.parentNode as Node;
      const items = Array.from(list.children);
      const start = Number(list.getAttribute('start')) || items.length;
      const prefix = `${Math.max(start - items.indexOf(node), 0)}. `;
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n/gm, `\n${' '.repeat(prefix.length)}`);
      return prefix + body.trimEnd() + (node.nextSibling ? '\n' : '');
    },
  });
  // Two ordered lists in a row would read as one: the second's numbers end in ")" (CommonMark starts a new list).
  service.addRule('nextOrderedList', {
    filter: when((node) => node.nodeName === 'OL' && node.previousElementSibling?.nodeName === 'OL'),
    replacement: (content) => `\n\n${content.replace(/^(\d+)\.(?= )/gm, '$1)')}\n\n`,
  });
}

/** Code as a fenced block with its language (from the classes WordPress, Prism and highlight.js write). */
function addCodeRule(service: TurndownService): void {
  service.addRule('code', {
    filter: 'pre',
    replacement: (_content, turndownNode) => {
      const node = turndownNode as unknown as Node;
      const code = node.querySelector('code');
      const classes = `${node.getAttribute('class') ?? ''} ${code?.getAttribute('class') ?? ''}`;
      const language =
        node.getAttribute('data-language') ??
        /(?:^|\s)(?:language-|lang-|brush:\s*)([\w+#.-]{1,30})/.exec(classes)?.[1] ??
        /\blang(?:uage)?[:=]\s*([\w+#.-]{1,30})/.exec(classes)?.[1] ??
        '';
      const text = (node.textContent ?? '').replace(/\n$/, '');
      const fence = '`'.repeat(Math.max(3, ...[...text.matchAll(/`{3,}/g)].map((run) => run[0].length + 1)));
      return `\n\n${fence}${language.replace(/[^\w+#.-]/g, '')}\n${text}\n${fence}\n\n`;
    },
  });
}

function addFootnoteRules(service: TurndownService): void {
  // Footnotes: WordPress's (sup.fn, ol.wp-block-footnotes), Substack's (a.footnote-anchor, div.footnote) and
  // markdown-it's (sup.footnote-ref, section.footnotes), as Markdown footnotes.
  service.addRule('footnoteReference', {
    filter: when(
      (node) =>
        (node.nodeName === 'SUP' && (node.hasAttribute('data-fn') || hasClass(node, /\b(fn|footnote-ref)\b/))) ||
        (node.nodeName === 'A' && hasClass(node, /footnote-anchor/)),
    ),
    replacement: (_content, turndownNode) => {
      const node = turndownNode as unknown as Node;
      const label = textOf(node).replace(/[^\w-]/g, '');
      return label ? `[^${label}]` : '';
    },
  });
  service.addRule('footnoteList', {
    filter: when(
      (node) =>
        (node.nodeName === 'OL' && hasClass(node, FOOTNOTES)) ||
        (node.nodeName === 'SECTION' && hasClass(node, FOOTNOTES)),
    ),
    replacement: (_content, turndownNode) =>
      `\n\n${Array.from((turndownNode as unknown as Node).querySelectorAll('li'))
        .map((item, index) => {
          for (const back of Array.from(item.querySelectorAll('a[href^="#"]')))
            if (/↩|^\W*$/.test(back.textContent ?? '') || hasClass(back, /backref/)) back.remove();
          return `[^${index + 1}]: ${service.turndown(item.innerHTML).replace(/\n+/g, ' ').trim()}`;
        })
        .join('\n')}\n\n`,
  });
  service.addRule('substackFootnote', {
    filter: when((node) => node.nodeName === 'DIV' && hasClass(node, /^footnote$|\sfootnote$|^footnote\s/)),
    replacement: (_content, turndownNode) => {
      const node = turndownNode as unknown as Node;
      const label = textOf(node.querySelector('.footnote-number')).replace(/[^\w-]/g, '');
      const text = service.turndown(node.querySelector('.footnote-content')?.innerHTML ?? '');
      return label ? `\n\n[^${label}]: ${text.replace(/\n+/g, ' ').trim()}\n\n` : `\n\n${text}\n\n`;
    },
  });
}

/** The rules for the structures the renderer draws. Their order counts: turndown tries the rule added last first. */
function addStructureRules(service: TurndownService, embedOf: typeof EmbedProviders.embedOf): void {
  addEmbedAndLinkRules(service, embedOf);
  addFigureRules(service);
  addTableRules(service);
  addListRules(service);
  addCodeRule(service);
  addFootnoteRules(service);
}

/** Made with the first import (turndown and its DOM cost about 10 MB of memory, which a server at rest does not need). */
function turndown(): TurndownService {
  if (converter) return converter;
  const TurndownConstructor = require('turndown') as typeof TurndownService;
  converter = new TurndownConstructor({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
  });
  // Scripts carry no text a reader could use; forms and styles neither. A frame is an embed or nothing.
  converter.remove(['script', 'style', 'noscript', 'iframe', 'form', 'button', 'input', 'select', 'textarea']);
  const embeds = require(`../content/rendering/embed-providers${extension}`) as typeof EmbedProviders;
  addStructureRules(converter, embeds.embedOf);
  return converter;
}

const BLOCK_TAG = /<(p|div|h[1-6]|ul|ol|blockquote|figure|pre|table|hr)\b/i;

/**
 * WordPress's wpautop: classic-editor text keeps paragraphs as blank lines, not <p> tags; an address alone on its
 * line is a paragraph of its own (WordPress embeds it).
 */
export function paragraphsOfClassicText(html: string): string {
  if (BLOCK_TAG.test(html)) return html;
  return html
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .flatMap((block) => block.split(/\r?\n(?=https?:\/\/\S+\s*(?:\r?\n|$))|(?<=^https?:\/\/\S+)\s*\r?\n/m))
    .map((block) => `<p>${block.trim().replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}

export function htmlToMarkdown(html: string): string {
  return turndown()
    .turndown(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const MARKDOWN_IMAGE = /!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/** An image that is a link (`[![alt](image)](target)`, WordPress's "link to: media file"), or an image alone. */
const MAYBE_LINKED_IMAGE = new RegExp(
  `\\[(${MARKDOWN_IMAGE.source})\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+"[^"]*")?\\s*\\)|${MARKDOWN_IMAGE.source}`,
  'g',
);

/** The addresses of the images a Markdown text shows, in order, each once. */
export function markdownImageUrls(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(MARKDOWN_IMAGE)].map((match) => match[2]!))];
}

/** What a reader sees of an image that could not be brought in: its alt text, as a link to where it was. */
export function imagePlaceholder(alt: string, url: string): string {
  const text = alt.trim() ? `Image: ${alt.trim()}` : 'Image';
  return `[${text}](${url})`;
}

/**
 * Each image whose address is in `replaced` points at its new address; an image that could not be brought in
 * becomes a placeholder, its alt text as a link to where it was, so the reader can still follow it. An image
 * that was a link keeps its link when brought in, and becomes one placeholder when not (a link inside a link
 * would show as bracketed text).
 */
export function replaceMarkdownImages(markdown: string, replaced: ReadonlyMap<string, string | null>): string {
  return markdown.replace(
    MAYBE_LINKED_IMAGE,
    (whole, inner?: string, innerAlt?: string, innerUrl?: string, target?: string, alt?: string, url?: string) => {
      if (inner !== undefined) {
        if (!replaced.has(innerUrl!)) return whole;
        const local = replaced.get(innerUrl!);
        return local ? `[![${innerAlt}](${local})](${target})` : imagePlaceholder(innerAlt!, target!);
      }
      if (!replaced.has(url!)) return whole;
      const local = replaced.get(url!);
      return local ? `![${alt}](${local})` : imagePlaceholder(alt!, url!);
    },
  );
}

/**
 * The first sentences of a text, for a summary: at most `limit` characters, cut after a sentence when one ends past
 * half of it, else at a word (with an ellipsis).
 */
export function summaryOf(plainText: string, limit = 300): string {
  const text = plainText.replace(/\s+/g, ' ').trim();
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const sentenceEnd = Math.max(
    ...[...cut.matchAll(/[.!?…]["'”’)]*(?= )/g)].map((match) => match.index + match[0].length),
  );
  if (sentenceEnd >= limit / 2) return cut.slice(0, sentenceEnd);
  const words = cut.slice(0, limit - 1);
  return `${words.slice(0, Math.max(words.lastIndexOf(' '), limit / 2)).trimEnd()}…`;
}

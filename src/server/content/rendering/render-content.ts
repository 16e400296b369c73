import type MarkdownItModule from 'markdown-it';
import type { MarkdownIt as MarkdownItInstance, StateCore, Token } from 'markdown-it';
import type markdownItFootnoteModule from 'markdown-it-footnote';
import { lazyModule } from '../../lazy-module.js';
import { isGallery, useContentStructures } from './content-structures.js';

import type { ContentFormat } from '../../../domain/content-format.js';
import { FEATURED_POST_LINE } from '../../../domain/newsletter-issues.js';
import {
  EMAIL_RASTER_PREFIX,
  isSvgAddress,
  UPLOADED_OBJECT_PREFIX,
  type ResponsiveImageData,
} from '../../../domain/images.js';

/**
 * The one renderer of long text (posts, excerpts, newsletter issues) to HTML, used by pages, RSS and email.
 * Raw HTML in the source is never rendered (it shows as text); only http(s), mailto and site-relative links and
 * images are kept.
 */

export interface RenderOptions {
  /** The site's own origin (PUBLIC_URL); links elsewhere are marked `nofollow ugc`. */
  siteOrigin?: string;
  /** Site-relative links and images become absolute on `siteOrigin` (feeds and email). */
  absoluteUrls?: boolean;
  /** The variants of processed uploads, by upload name: such an image is drawn as a responsive <picture>. */
  images?: ReadonlyMap<string, ResponsiveImageData>;
  /**
   * For email: a processed upload is one JPEG/PNG <img> with its width and height (no <picture>, no AVIF); any other
   * upload the server's JPEG of it; never an SVG.
   */
  email?: boolean;
  /** The posts an issue features (`[[post:<slug>]]`), by slug: each is drawn as a card; one not here, not at all. */
  postCards?: ReadonlyMap<string, FeaturedPostCard>;
}

/** What a featured post's card shows: a published post as it is now. */
export type FeaturedPostCard = {
  title: string;
  summary: string;
  /** Its address on the site (/blog/<slug>). */
  path: string;
  /** Its cover (an upload, or an image elsewhere), or empty. */
  coverImage: string;
  /** The cover's processed variants, when it is a processed upload. */
  image?: ResponsiveImageData;
};

/** The width of an email's content column (email-layout.tsx: 560 px less 2 × 28 px of padding). */
const EMAIL_IMAGE_WIDTH = 504;

/** An upload in an email: its JPEG/PNG variant (2x the column for sharp screens) at most the column wide. */
function emailImageHtml(image: ResponsiveImageData, alt: string, options: RenderOptions): string {
  const fallback = image.variants.filter((variant) => FALLBACK_TYPES.has(variant.type));
  const source = fallback.find((variant) => variant.width >= EMAIL_IMAGE_WIDTH * 2) ?? fallback[fallback.length - 1];
  if (!source) return '';
  const width = Math.min(image.width, EMAIL_IMAGE_WIDTH);
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  return `<img src="${escapeHtml(urlFor(source.url, { ...options, absoluteUrls: true }))}" alt="${escapeHtml(alt)}" width="${width}" height="${height}">`;
}

/**
 * Any other image in an email: an upload without a JPEG/PNG of its own (an SVG, say) as the server's JPEG drawing of
 * it, column wide; an SVG from elsewhere left out (its text alternative stays); another image as it is.
 */
function otherEmailImageHtml(src: string, alt: string, options: RenderOptions): string | null {
  if (src.startsWith(UPLOADED_OBJECT_PREFIX)) {
    const raster = `${EMAIL_RASTER_PREFIX}${encodeURIComponent(src.slice(UPLOADED_OBJECT_PREFIX.length))}.jpg`;
    return `<img src="${escapeHtml(urlFor(raster, { ...options, absoluteUrls: true }))}" alt="${escapeHtml(alt)}" width="${EMAIL_IMAGE_WIDTH}">`;
  }
  if (isSvgAddress(src)) return escapeHtml(alt);
  return null;
}

/** Turns each paragraph that is only `[[post:<slug>]]` into a featured-post token (drawn by featuredPostHtml). */
function featuredPostParagraphs(state: StateCore): void {
  const tokens: Token[] = [];
  for (let index = 0; index < state.tokens.length; index++) {
    const token = state.tokens[index]!;
    const inline = state.tokens[index + 1];
    const slug =
      token.type === 'paragraph_open' &&
      inline?.type === 'inline' &&
      state.tokens[index + 2]?.type === 'paragraph_close'
        ? FEATURED_POST_LINE.exec(inline.content.trim())?.[1]
        : undefined;
    if (slug === undefined) {
      tokens.push(token);
      continue;
    }
    const card = new state.Token('featured_post', '', 0);
    Object.assign(card, { map: token.map, level: token.level, block: true, meta: { slug } });
    tokens.push(card);
    index += 2;
  }
  state.tokens = tokens;
}

/** A featured post's cover: in an email never an SVG (see otherEmailImageHtml); on a page, responsive. */
function cardCoverHtml(post: FeaturedPostCard, options: RenderOptions): string {
  const src = post.coverImage;
  if (!src || !SAFE_IMAGE.test(src)) return '';
  const alt = post.title;
  if (options.email) {
    const html = (post.image && emailImageHtml(post.image, alt, options)) || otherEmailImageHtml(src, alt, options);
    if (html === null)
      return `<img src="${escapeHtml(urlFor(src, { ...options, absoluteUrls: true }))}" alt="${escapeHtml(alt)}">`;
    return html.startsWith('<img') ? html : '';
  }
  if (post.image) {
    const picture = pictureHtml(post.image, alt, '', options);
    if (picture) return picture;
  }
  return `<img src="${escapeHtml(urlFor(src, options))}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async">`;
}

/**
 * A featured post as a card: its cover, title and summary, each leading to the post. In an email, a one-cell table
 * (what every mail client draws with a border and padding); on a page, an <aside>.
 */
function featuredPostHtml(slug: string, options: RenderOptions): string {
  const post = options.postCards?.get(slug);
  if (!post) return '';
  const href = escapeHtml(urlFor(post.path, options));
  const cover = cardCoverHtml(post, options);
  const linkedCover = cover ? `<a href="${href}">${cover}</a>` : '';
  const title = `<h3 class="post-card-title"><a href="${href}">${escapeHtml(post.title)}</a></h3>`;
  const summary = post.summary ? `<p>${escapeHtml(post.summary)}</p>` : '';
  const more = `<p class="post-card-more"><a href="${href}">Read the post →</a></p>`;
  if (options.email) {
    return (
      `<table class="post-card" role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>` +
      `<td class="post-card-cell">${linkedCover}${title}${summary}${more}</td></tr></table>\n`
    );
  }
  return `<aside class="post-card">${linkedCover}${title}${summary}${more}</aside>\n`;
}

/** How wide an image in a text is shown: the reading column (44rem) or the whole phone screen. */
const CONTENT_IMAGE_SIZES = '(max-width: 48rem) 100vw, 44rem';
const FALLBACK_TYPES = new Set(['image/jpeg', 'image/png']);
const CSS_COLOR = /^#[0-9a-f]{3,8}$/i;

const loadMarkdownIt = lazyModule<typeof MarkdownItModule>('markdown-it');
const loadFootnotes = lazyModule<typeof markdownItFootnoteModule>('markdown-it-footnote');

/**
 * The seed's paragraph contract: a single line break inside prose starts a new paragraph, as a
 * novelist pressing Enter (or a REST client sending "First.\nSecond.") expects. Paragraphs of prose
 * (at top level and in quotes) are split before their text is parsed, so each line is read as if a
 * blank line followed it (emphasis never spans two paragraphs). In list items and footnotes a line
 * break stays a <br>; headings, code, tables and rules are not paragraphs; a hard break (two
 * trailing spaces or a backslash) stays a <br> everywhere. A gallery (images only) stays one paragraph.
 */
function splitParagraphsAtLineBreaks(state: StateCore): void {
  const tokens: Token[] = [];
  let nestedIn = 0;
  for (let index = 0; index < state.tokens.length; index++) {
    const token = state.tokens[index]!;
    if (/^(list_item|footnote_reference)_open$/.test(token.type)) nestedIn++;
    if (/^(list_item|footnote_reference)_close$/.test(token.type)) nestedIn--;
    const inline = state.tokens[index + 1];
    const close = state.tokens[index + 2];
    const splittable =
      token.type === 'paragraph_open' &&
      !token.hidden &&
      !isGallery(token) &&
      nestedIn === 0 &&
      inline?.type === 'inline' &&
      close?.type === 'paragraph_close' &&
      inline.content.includes('\n');
    if (!splittable) {
      tokens.push(token);
      continue;
    }
    for (const text of paragraphTexts(inline.content)) {
      const open = new state.Token('paragraph_open', 'p', 1);
      const lineInline = new state.Token('inline', '', 0);
      const lineClose = new state.Token('paragraph_close', 'p', -1);
      Object.assign(open, { map: token.map, level: token.level, block: true });
      Object.assign(lineInline, { content: text, map: inline.map, level: inline.level, children: [] });
      Object.assign(lineClose, { level: close.level, block: true });
      tokens.push(open, lineInline, lineClose);
    }
    index += 2;
  }
  state.tokens = tokens;
}

/** A paragraph's lines, each its own paragraph, except that a line ending in a hard break keeps the next. */
function paragraphTexts(content: string): string[] {
  const texts: string[] = [];
  let joinNext = false;
  for (const line of content.split('\n').map((text) => text.trimStart())) {
    if (joinNext) texts[texts.length - 1] += `\n${line}`;
    else texts.push(line);
    joinNext = / {2,}$|\\$/.test(line);
  }
  return texts.map((text) => text.trimEnd()).filter((text) => text !== '');
}

const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#)/i;
const SAFE_IMAGE = /^(https:|\/(?!\/))/i;

/** A site-relative URL made absolute when the options ask for it. */
function urlFor(url: string, options: RenderOptions | undefined): string {
  if (!options?.absoluteUrls || !options.siteOrigin || !/^\/(?!\/)/.test(url)) return url;
  return `${options.siteOrigin.replace(/\/+$/, '')}${url}`;
}

/** An upload with variants: AVIF and WebP sources and a JPEG/PNG srcset, like the site's <ResponsiveImage>. */
function pictureHtml(image: ResponsiveImageData, alt: string, title: string, options: RenderOptions): string {
  const srcSet = (variants: ResponsiveImageData['variants']) =>
    escapeHtml(variants.map((variant) => `${urlFor(variant.url, options)} ${variant.width}w`).join(', '));
  const sources = ['image/avif', 'image/webp']
    .map((type) => image.variants.filter((variant) => variant.type === type))
    .filter((variants) => variants.length > 0)
    .map(
      (variants) => `<source type="${variants[0]!.type}" srcset="${srcSet(variants)}" sizes="${CONTENT_IMAGE_SIZES}">`,
    );
  const fallback = image.variants.filter((variant) => FALLBACK_TYPES.has(variant.type));
  const src = (fallback.find((variant) => variant.width >= 640) ?? fallback[fallback.length - 1])?.url;
  if (!src) return '';
  const style = CSS_COLOR.test(image.placeholder) ? ` style="background-color:${image.placeholder}"` : '';
  const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
  return (
    `<picture>${sources.join('')}<img src="${escapeHtml(urlFor(src, options))}" srcset="${srcSet(fallback)}" ` +
    `sizes="${CONTENT_IMAGE_SIZES}" alt="${escapeHtml(alt)}"${titleAttr} width="${image.width}" ` +
    `height="${image.height}" loading="lazy" decoding="async"${style}></picture>`
  );
}

/**
 * The content renderer, configured on first use: a fresh server has no text to render yet, and
 * markdown-it weighs megabytes (docs/operations.md, "Memory and start time").
 */
function createContentMarkdown(): MarkdownItInstance {
  const markdown = new (loadMarkdownIt())({ html: false, linkify: false, breaks: true, typographer: false }).use(
    loadFootnotes(),
  );
  // Galleries, embeds, captions, reversed and definition lists (content-structures.ts); a gallery is marked before
  // paragraphs are split at line breaks, which would split it.
  useContentStructures(markdown);
  markdown.core.ruler.after('galleries', 'line_break_paragraphs', splitParagraphsAtLineBreaks);
  markdown.core.ruler.after('line_break_paragraphs', 'featured_posts', featuredPostParagraphs);
  markdown.renderer.rules.featured_post = (tokens, index, _options, env) =>
    featuredPostHtml(String((tokens[index]?.meta as { slug?: string } | undefined)?.slug ?? ''), env as RenderOptions);

  // Footnote marks read as plain numbers ("1", not "[1]"), and every footnote link says where it goes.
  const footnoteRules = markdown.renderer.rules;
  footnoteRules.footnote_caption = (tokens, index) => {
    const meta = tokens[index]?.meta as { id: number; subId: number } | undefined;
    const n = String((meta?.id ?? 0) + 1);
    return meta && meta.subId > 0 ? `${n}:${meta.subId}` : n;
  };
  const defaultFootnoteRef = footnoteRules.footnote_ref;
  footnoteRules.footnote_ref = (tokens, index, options, env, self) => {
    const html = defaultFootnoteRef ? defaultFootnoteRef(tokens, index, options, env, self) : '';
    const n = String(((tokens[index]?.meta as { id?: number } | undefined)?.id ?? 0) + 1);
    return html.replace('<a ', `<a aria-label="Note ${n}" `);
  };
  const defaultFootnoteAnchor = footnoteRules.footnote_anchor;
  footnoteRules.footnote_anchor = (tokens, index, options, env, self) =>
    (defaultFootnoteAnchor ? defaultFootnoteAnchor(tokens, index, options, env, self) : '').replace(
      'class="footnote-backref"',
      'class="footnote-backref" aria-label="Back to the text"',
    );

  markdown.validateLink = (url: string): boolean => SAFE_LINK.test(url.trim());

  const defaultImageRule = markdown.renderer.rules.image;
  markdown.renderer.rules.image = (tokens, index, options, env, self) => {
    const token = tokens[index];
    const src = String(token?.attrGet('src') ?? '');
    if (!token || !SAFE_IMAGE.test(src)) return '';
    const renderOptions = env as RenderOptions | undefined;
    const image = src.startsWith(UPLOADED_OBJECT_PREFIX)
      ? renderOptions?.images?.get(src.slice(UPLOADED_OBJECT_PREFIX.length))
      : undefined;
    if (renderOptions?.email) {
      const alt = self.renderInlineAsText(token.children ?? [], options, env);
      const html = (image && emailImageHtml(image, alt, renderOptions)) || otherEmailImageHtml(src, alt, renderOptions);
      if (html !== null) return html;
    }
    if (image) {
      const picture = pictureHtml(
        image,
        self.renderInlineAsText(token.children ?? [], options, env),
        String(token.attrGet('title') ?? ''),
        renderOptions!,
      );
      if (picture) return picture;
    }
    token.attrSet('src', urlFor(src, renderOptions));
    token.attrSet('loading', 'lazy');
    token.attrSet('decoding', 'async');
    return defaultImageRule
      ? defaultImageRule(tokens, index, options, env, self)
      : self.renderToken(tokens, index, options);
  };

  markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
    const token = tokens[index];
    const href = String(token?.attrGet('href') ?? '');
    if (token) token.attrSet('href', urlFor(href, env as RenderOptions | undefined));
    if (token && isExternal(href, (env as RenderOptions | undefined)?.siteOrigin))
      token.attrSet('rel', 'noopener nofollow ugc');
    else if (token && /^https?:/i.test(href)) token.attrSet('rel', 'noopener');
    return self.renderToken(tokens, index, options);
  };

  return markdown;
}

let contentMarkdown: MarkdownItInstance | undefined;
const markdown = () => (contentMarkdown ??= createContentMarkdown());

function isExternal(href: string, siteOrigin: string | undefined): boolean {
  if (!/^https?:/i.test(href)) return false;
  if (!siteOrigin) return true;
  try {
    return new URL(href).origin !== new URL(siteOrigin).origin;
  } catch {
    return true;
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

function plainLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The HTML of a content text: block elements only, safe to insert into a page or an email. */
export function renderContentHtml(content: string, format: ContentFormat, options: RenderOptions = {}): string {
  if (format === 'plain') {
    return plainLines(content)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n');
  }
  return markdown().render(content, { ...options });
}

/**
 * Project documentation (a README section shown in the admin): CommonMark with hard-wrapped lines
 * joined into paragraphs, raw HTML escaped, and markdown-it's own refusal of script-like link URLs.
 * Not for content: posts and excerpts keep their line breaks (renderContentHtml).
 */
let documentation: MarkdownItInstance | undefined;

export function renderDocumentationHtml(markdownText: string): string {
  documentation ??= new (loadMarkdownIt())({ html: false, linkify: false, breaks: false, typographer: false });
  return documentation.render(markdownText);
}

/**
 * The text a reader sees, without markup: for search, summaries, previews and the plain-text part of an email.
 * Read from the same tokens the pages are rendered from: one block (paragraph, heading, list item, quote, code
 * block, footnote, table row) a paragraph, a line break a line; images and footnote marks are not read.
 */
export function renderContentText(content: string, format: ContentFormat): string {
  if (format === 'plain') return plainLines(content).join('\n\n');
  const blocks: string[] = [];
  let row: string[] | null = null;
  for (const token of markdown().parse(content, {})) {
    if (token.type === 'tr_open') row = [];
    else if (token.type === 'tr_close' && row) {
      blocks.push(row.filter((cell) => cell !== '').join(' '));
      row = null;
    } else if (token.type === 'inline') (row ?? blocks).push(inlineText(token.children ?? []));
    else if (token.type === 'fence' || token.type === 'code_block') blocks.push(token.content.replace(/\s+$/, ''));
  }
  return blocks.filter((block) => block.trim() !== '').join('\n\n');
}

/**
 * The prose a text opens with, for a summary: its paragraphs (at top level and in quotes) up to the first heading after
 * them, one a line; no heading, list, table, code, caption, definition or footnote runs into it.
 */
export function renderLeadText(content: string, format: ContentFormat): string {
  if (format === 'plain') return plainLines(content).join('\n');
  const tokens = markdown().parse(content, {});
  const paragraphs: string[] = [];
  let nested = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    // The opening ends at the first heading after it.
    if (token.type === 'heading_open' && paragraphs.length > 0) break;
    if (/^(bullet_list|ordered_list|footnote_block|dl|figure|table)_open$/.test(token.type)) nested++;
    if (/^(bullet_list|ordered_list|footnote_block|dl|figure|table)_close$/.test(token.type)) nested--;
    const inline = tokens[index + 1];
    if (nested === 0 && token.type === 'paragraph_open' && token.tag === 'p' && inline?.type === 'inline')
      paragraphs.push(inlineText(inline.children ?? []).replace(/\n/g, ' '));
  }
  return paragraphs.filter((text) => text !== '').join('\n');
}

/** Where something unread (an image, a footnote mark) was taken out. */
const DROPPED = '\uE002';

function inlineText(children: readonly Token[]): string {
  const text = children
    .map((child) => {
      if (child.type === 'text' || child.type === 'code_inline') return child.content;
      if (child.type === 'softbreak' || child.type === 'hardbreak') return '\n';
      if (child.type === 'image' || child.type === 'footnote_ref') return DROPPED;
      return '';
    })
    .join('');
  return text
    .replace(/[ \t]*\uE002(?=[\s.,;:!?)]|$)|\uE002/g, '') // with the space before it, unless a word follows
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

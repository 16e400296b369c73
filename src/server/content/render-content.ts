import MarkdownIt from 'markdown-it';
import markdownItFootnote from 'markdown-it-footnote';

import type { ContentFormat } from '../../domain/content-format.js';

/**
 * The one renderer of long text (posts, excerpts, newsletter issues) to HTML, used by pages, RSS and email.
 * Raw HTML in the source is never rendered (it shows as text); only http(s), mailto and site-relative links and
 * images are kept.
 */

export interface RenderOptions {
  /** The site's own origin (PUBLIC_URL); links elsewhere are marked `nofollow ugc`. */
  siteOrigin?: string;
}

const markdown = new MarkdownIt({ html: false, linkify: false, breaks: true, typographer: false }).use(
  markdownItFootnote,
);

const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#)/i;
const SAFE_IMAGE = /^(https:|\/(?!\/))/i;

markdown.validateLink = (url: string): boolean => SAFE_LINK.test(url.trim());

const defaultImageRule = markdown.renderer.rules.image;
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const src = String(token?.attrGet('src') ?? '');
  if (!token || !SAFE_IMAGE.test(src)) return '';
  token.attrSet('loading', 'lazy');
  token.attrSet('decoding', 'async');
  return defaultImageRule
    ? defaultImageRule(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const href = String(token?.attrGet('href') ?? '');
  if (token && isExternal(href, (env as RenderOptions | undefined)?.siteOrigin))
    token.attrSet('rel', 'noopener nofollow ugc');
  else if (token && /^https?:/i.test(href)) token.attrSet('rel', 'noopener');
  return self.renderToken(tokens, index, options);
};

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
  return markdown.render(content, { ...options });
}

/** The text a reader sees, without markup: for search, summaries and the plain-text part of an email. */
export function renderContentText(content: string, format: ContentFormat): string {
  if (format === 'plain') return plainLines(content).join('\n\n');
  const html = markdown.render(content, {});
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote|hr)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

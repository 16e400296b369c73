import { palette } from './email-layout.js';

/**
 * Readies the content renderer's HTML (posts, issues: Markdown rendered by renderContentHtml)
 * for mail clients, which drop style sheets and resolve no relative URL: each element gets the
 * site's look as an inline style and every site-relative link or image becomes absolute. The
 * input is the renderer's own output (no raw HTML from the author), so matching its tags is safe.
 */
// A long word or bare address wraps rather than widening a phone's screen.
const TEXT = `color:${palette.text};font-size:16px;line-height:1.6;overflow-wrap:break-word;word-break:break-word`;
const TAG_STYLES: Record<string, string> = {
  p: `${TEXT};margin:0 0 16px`,
  h1: `color:${palette.text};font-size:24px;line-height:1.3;margin:24px 0 12px;overflow-wrap:break-word`,
  h2: `color:${palette.text};font-size:21px;line-height:1.3;margin:24px 0 12px`,
  h3: `color:${palette.text};font-size:18px;line-height:1.3;margin:20px 0 10px`,
  h4: `color:${palette.text};font-size:16px;line-height:1.3;margin:16px 0 8px`,
  ul: `${TEXT};margin:0 0 16px;padding-left:24px`,
  ol: `${TEXT};margin:0 0 16px;padding-left:24px`,
  li: `${TEXT};margin:0 0 4px`,
  blockquote: `color:${palette.dimmed};border-left:3px solid ${palette.border};margin:0 0 16px;padding:0 0 0 16px`,
  a: `color:${palette.link};text-decoration:underline`,
  img: 'display:block;max-width:100%;height:auto;border:0;border-radius:6px;margin:0 0 16px',
  hr: `border:none;border-top:1px solid ${palette.border};margin:24px 0`,
  code: `font-family:Menlo,Consolas,monospace;font-size:14px;color:${palette.text}`,
  pre: `background-color:${palette.page};padding:12px;border-radius:6px;overflow:auto;margin:0 0 16px`,
  table: `${TEXT};border-collapse:collapse;margin:0 0 16px`,
  th: `border:1px solid ${palette.border};padding:4px 8px`,
  td: `border:1px solid ${palette.border};padding:4px 8px`,
  section: `color:${palette.dimmed};font-size:14px`,
};

/** A featured post's card (render-content.ts): its own look, by class, before its tags' look. */
const CLASS_STYLES: Record<string, string> = {
  'post-card': `background-color:${palette.page};border:1px solid ${palette.border};border-radius:8px;border-collapse:separate;table-layout:fixed;margin:0 0 20px`,
  'post-card-cell': 'padding:16px',
  'post-card-title': `color:${palette.text};font-size:19px;line-height:1.3;margin:0 0 8px`,
  'post-card-more': `${TEXT};margin:0`,
};

const OPENING_TAG = /<([a-z][a-z0-9]*)(\s[^>]*)?>/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/;
const RELATIVE_URL = /\s(href|src)="(\/(?!\/)[^"]*)"/g;

export function emailContentHtml(html: string, siteOrigin: string): string {
  return html
    .replace(OPENING_TAG, (tag, name: string, attributes: string | undefined) => {
      const style = CLASS_STYLES[CLASS_ATTRIBUTE.exec(attributes ?? '')?.[1] ?? ''] ?? TAG_STYLES[name];
      if (!style) return tag;
      return `<${name} style="${style}"${attributes ?? ''}>`;
    })
    .replace(
      RELATIVE_URL,
      (_match, attribute: string, url: string) => ` ${attribute}="${new URL(url, siteOrigin).href}"`,
    );
}

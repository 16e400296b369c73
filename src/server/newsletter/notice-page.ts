import type { FastifyReply, FastifyRequest } from 'fastify';
import { NAV_LINKS } from '../../client/layout/nav-links.js';
import { FAVICON_PATH } from '../../client/seo/site.js';

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export type NoticePage = {
  title: string;
  heading: string;
  paragraphs: string[];
  /** A form posting back to the same URL with one button (the unsubscribe confirmation). */
  form?: { action: string; fields: Record<string, string>; button: string };
  link?: { href: string; text: string };
  /** More ways back into the site, shown after `link`. */
  links?: Array<{ href: string; text: string }>;
  /** Markup built (and escaped) by the caller, after the paragraphs: the preferences and gift pages. */
  html?: string;
  /** Reloads itself after this many seconds, without script (a thank-you page waiting for the payment). */
  refreshSeconds?: number;
};

/**
 * The site's own stylesheets (the client build's entry CSS, with its self-hosted Cinzel and EB
 * Garamond), filled in once the built client is served; empty without one (system fonts then).
 */
export type NoticePageStyles = { stylesheets: string[] };

/** The site's header: its name home, and its navigation (a <details> menu on phones, no script). */
function siteHeader(): string {
  const links = NAV_LINKS.map((link) => `<li><a href="${escapeHtml(link.to)}">${escapeHtml(link.label)}</a></li>`).join(
    '',
  );
  return `<header class="bar">
    <a class="brand" href="/">The Cinderwake Cycle</a>
    <nav aria-label="Main" class="wide"><ul>${links}</ul></nav>
    <details class="narrow"><summary>Menu</summary><nav aria-label="Main menu"><ul>${links}<li><a href="/#newsletter">Subscribe</a></li></ul></nav></details>
  </header>`;
}

/**
 * A small page for the links in emails, answered by the server alone (no script): dark,
 * readable, the site's palette, contrast above WCAG AA.
 */
function renderNoticePage(page: NoticePage, styles: NoticePageStyles = { stylesheets: [] }): string {
  const paragraphs = page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n      ');
  const form = page.form
    ? `<form method="post" action="${escapeHtml(page.form.action)}">
        ${Object.entries(page.form.fields)
          .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
          .join('')}
        <button type="submit">${escapeHtml(page.form.button)}</button>
      </form>`
    : '';
  const allLinks = [...(page.link ? [page.link] : []), ...(page.links ?? [])];
  const link = allLinks.length
    ? `<p class="links">${allLinks.map((entry) => `<a href="${escapeHtml(entry.href)}">${escapeHtml(entry.text)}</a>`).join('')}</p>`
    : '';
  const stylesheets = styles.stylesheets
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <meta name="referrer" content="no-referrer">${page.refreshSeconds ? `\n    <meta http-equiv="refresh" content="${page.refreshSeconds}">` : ''}
    <title>${escapeHtml(page.title)} | The Cinderwake Cycle</title>
    <link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
    ${stylesheets}
    <style>
      html { color-scheme: dark; }
      body { margin: 0; min-height: 100vh; background: #0e0c0b; color: #eadfc8;
        font: 1.125rem/1.6 'EB Garamond', Garamond, Georgia, 'Times New Roman', serif; box-sizing: border-box; }
      .bar { display: flex; align-items: center; justify-content: space-between; gap: 1rem; padding: 0 clamp(1rem, 0.5rem + 2.5vw, 2.5rem);
        min-height: 4.25rem; border-bottom: 1px solid #2a2320; background: rgba(14, 12, 11, 0.96); position: relative; }
      .brand, .bar nav a, summary { font-family: Cinzel, 'Trajan Pro', Georgia, serif; color: #eadfc8; text-decoration: none; }
      .brand { font-size: 1.05rem; font-weight: 600; letter-spacing: 0.08em; }
      .bar ul { list-style: none; margin: 0; padding: 0; display: flex; gap: 1.4rem; }
      .bar nav a { font-size: 0.82rem; letter-spacing: 0.12em; text-transform: uppercase; }
      .bar nav a:hover, .brand:hover { color: #ef8257; }
      .narrow { display: none; }
      summary { cursor: pointer; list-style: none; border: 1px solid #3d342f; border-radius: 4px; padding: 0.45rem 0.9rem;
        font-size: 0.85rem; letter-spacing: 0.12em; text-transform: uppercase; }
      summary::-webkit-details-marker { display: none; }
      @media (max-width: 47.99em) {
        .wide { display: none; }
        .narrow { display: block; }
        .narrow[open] nav { position: absolute; left: 0; right: 0; top: 100%; background: #161211; border-bottom: 1px solid #3d342f;
          padding: 0.75rem 1.25rem 1.25rem; z-index: 2; }
        .narrow ul { flex-direction: column; gap: 0; }
        .narrow li a { display: block; padding: 0.7rem 0; border-bottom: 1px solid #2a2320; }
      }
      .stage { display: grid; place-items: center; padding: clamp(1.5rem, 1rem + 4vw, 4rem) 1.25rem; }
      main { max-width: 34rem; width: 100%; background: #1a1514; border: 1px solid #3d342f; border-radius: 8px;
        padding: 2rem 1.75rem; box-sizing: border-box; }
      h1 { font-family: Cinzel, 'Trajan Pro', Georgia, serif; }
      .links { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; }
      .site { color: #ef8257; font-size: 0.8rem; letter-spacing: 0.12em; text-transform: uppercase; margin: 0 0 0.5rem; }
      h1 { font-size: clamp(1.6rem, 1.3rem + 1.2vw, 2.2rem); line-height: 1.2; margin: 0 0 1rem; font-weight: 600; }
      p { margin: 0 0 1rem; color: #eadfc8; }
      a { color: #ef8257; }
      button { font: inherit; font-weight: 600; background: #a8321c; color: #fff4e6; border: 0; border-radius: 6px;
        padding: 0.7rem 1.4rem; cursor: pointer; margin: 0 0 1rem; }
      button:hover { background: #8c2916; }
      a:focus-visible, button:focus-visible { outline: 3px solid #ef8257; outline-offset: 3px; }
    </style>
  </head>
  <body>
    ${siteHeader()}
    <div class="stage">
    <main>
      <p class="site">The Cinderwake Cycle</p>
      <h1>${escapeHtml(page.heading)}</h1>
      ${paragraphs}
      ${page.html ?? ''}
      ${form}
      ${link}
    </main>
    </div>
  </body>
</html>
`;
}

/** A notice page as the answer: never cached, never indexed, no referrer to the links it shows. */
export function sendNoticePage(reply: FastifyReply, status: number, page: NoticePage, styles?: NoticePageStyles) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(renderNoticePage(page, styles));
}

/** The signed token of an emailed link (`?token=`), unchecked. */
export const tokenOf = (request: FastifyRequest): unknown => (request.query as Record<string, unknown>).token;

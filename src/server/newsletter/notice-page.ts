export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export type NoticePage = {
  title: string;
  heading: string;
  paragraphs: string[];
  /** A form posting back to the same URL with one button (the unsubscribe confirmation). */
  form?: { action: string; fields: Record<string, string>; button: string };
  link?: { href: string; text: string };
  /** Markup built (and escaped) by the caller, after the paragraphs: the preferences and gift pages. */
  html?: string;
};

/**
 * A small page for the links in emails, answered by the server alone (no script): dark,
 * readable, the site's palette, contrast above WCAG AA.
 */
export function renderNoticePage(page: NoticePage): string {
  const paragraphs = page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n      ');
  const form = page.form
    ? `<form method="post" action="${escapeHtml(page.form.action)}">
        ${Object.entries(page.form.fields)
          .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
          .join('')}
        <button type="submit">${escapeHtml(page.form.button)}</button>
      </form>`
    : '';
  const link = page.link ? `<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a></p>` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <meta name="referrer" content="no-referrer">
    <title>${escapeHtml(page.title)} | The Cinderwake Cycle</title>
    <style>
      html { color-scheme: dark; }
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0e0c0b; color: #eadfc8;
        font: 1.125rem/1.6 Georgia, 'Times New Roman', serif; padding: 1.5rem; box-sizing: border-box; }
      main { max-width: 34rem; width: 100%; background: #1a1514; border: 1px solid #3d342f; border-radius: 8px;
        padding: 2rem 1.75rem; box-sizing: border-box; }
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
    <main>
      <p class="site">The Cinderwake Cycle</p>
      <h1>${escapeHtml(page.heading)}</h1>
      ${paragraphs}
      ${page.html ?? ''}
      ${form}
      ${link}
    </main>
  </body>
</html>
`;
}

/**
 * WordPress shortcodes in post text, before the HTML is converted: captions keep their image and caption
 * text, galleries become their images (from the export's attachments), and any other shortcode leaves its
 * inner text. These are WordPress's own bracket syntax, not HTML, so no HTML parser can read them.
 */

const CAPTION = /\[caption\b[^\]]*\]([\s\S]*?)\[\/caption\]/gi;
const GALLERY = /\[gallery\b([^\]]*)\]/gi;
const IDS = /\bids\s*=\s*["']?([\d,\s]+)["']?/i;
/** [name attr="x"] or [/name], names as WordPress allows them. */
const ANY_SHORTCODE = /\[(\/?)([a-z][\w-]*)(?:\s[^\]]*)?\]/gi;
const CLOSING = /\[\/([a-z][\w-]*)\]/gi;
/** Shortcodes that stand alone (no closing tag) in WordPress core and common plugins. */
const KNOWN_SINGLE = new Set(['embed', 'video', 'audio', 'playlist', 'contact-form-7', 'wpforms', 'more', 'nextpage']);

/** Removes shortcode tags, never text in brackets ("[sic]"): a name must close somewhere or be a known one. */
function withoutShortcodeTags(html: string): string {
  const closed = new Set([...html.matchAll(CLOSING)].map((match) => match[1]!.toLowerCase()));
  return html.replace(ANY_SHORTCODE, (whole, _slash: string, name: string) =>
    closed.has(name.toLowerCase()) || KNOWN_SINGLE.has(name.toLowerCase()) ? '' : whole,
  );
}

export function expandShortcodes(html: string, attachmentUrls: ReadonlyMap<string, string>): string {
  const expanded = html
    .replace(CAPTION, (_whole, inner: string) => {
      const image = /<img\b[^>]*>/i.exec(inner)?.[0] ?? '';
      const linked = /<a\b[^>]*>\s*<img\b[^>]*>\s*<\/a>/i.exec(inner)?.[0];
      const caption = inner.replace(linked ?? image, '').trim();
      return `<figure>${linked ?? image}<figcaption>${caption}</figcaption></figure>`;
    })
    .replace(GALLERY, (_whole, attributes: string) => {
      const ids =
        IDS.exec(attributes)?.[1]
          ?.split(',')
          .map((id) => id.trim()) ?? [];
      const images = ids
        .map((id) => attachmentUrls.get(id))
        .filter((url): url is string => url !== undefined)
        .map((url) => `<p><img src="${url.replace(/"/g, '&quot;')}" alt=""></p>`);
      return images.join('\n');
    });
  return withoutShortcodeTags(expanded);
}

/**
 * WordPress shortcodes in post text, before the HTML is converted: captions keep their image and caption
 * text, galleries become a gallery of their images (from the export's attachments), [embed] and the services'
 * shortcodes their address alone on a line (an embed, html-to-markdown.ts), [code] a code block in its language,
 * and any other shortcode leaves its inner text. These are WordPress's own bracket syntax, not HTML, so no HTML parser can read them.
 */

const CAPTION = /\[caption\b[^\]]*\]([\s\S]*?)\[\/caption\]/gi;
const GALLERY = /\[gallery\b([^\]]*)\]/gi;
const IDS = /\bids\s*=\s*["']?([\d,\s]+)["']?/i;
/** [embed]address[/embed], and Jetpack's [youtube address] and the like. */
const EMBED = /\[embed\b[^\]]*\]\s*(?:<a\b[^>]*>)?\s*(https?:\/\/[^\s<[\]]+?)\s*(?:<\/a>)?\s*\[\/embed\]/gi;
const SERVICE_SHORTCODE =
  /\[(?:youtube|vimeo|tweet|instagram|spotify)\s+(?:url=)?["']?(https?:\/\/[^\s"'\]]+)["']?\s*\]/gi;
/** SyntaxHighlighter's [code language="php"]…[/code] and [sourcecode]. */
const CODE = /\[(code|sourcecode)\b([^\]]*)\]([\s\S]*?)\[\/\1\]/gi;
const LANGUAGE = /\b(?:language|lang)\s*=\s*["']?([\w+#.-]{1,30})/i;
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

const escapeCode = (code: string) =>
  code
    .replace(/&(?![#\w]+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** Code as it was typed: the paragraphs and line breaks paragraphsOfClassicText put into it taken out again. */
function codeOf(inner: string): string {
  return inner
    .replace(/<\/p>\s*<p>/g, '\n\n')
    .replace(/<br>\n?/g, '\n')
    .replace(/^\s*<\/p>|<p>\s*$/g, '')
    .replace(/^\n+|\s+$/g, '');
}

export function expandShortcodes(html: string, attachmentUrls: ReadonlyMap<string, string>): string {
  const expanded = html
    .replace(CODE, (_whole, _name: string, attributes: string, inner: string) => {
      const language = LANGUAGE.exec(attributes)?.[1] ?? '';
      return `<pre><code class="language-${language}">${escapeCode(codeOf(inner))}</code></pre>`;
    })
    .replace(EMBED, (_whole, url: string) => `<p>${url}</p>`)
    .replace(SERVICE_SHORTCODE, (_whole, url: string) => `<p>${url}</p>`)
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
        .map((url) => `<img src="${url.replace(/"/g, '&quot;')}" alt="">`);
      return images.length > 0 ? `<figure class="wp-block-gallery">${images.join('')}</figure>` : '';
    });
  return withoutShortcodeTags(expanded);
}

/**
 * Ghost's Lexical documents (its editor's JSON) to Markdown, for exports whose posts carry no `html`. A tree walk
 * over Ghost's node types; any other node keeps its text.
 */
type LexicalNode = {
  type?: string;
  text?: string;
  format?: number | string;
  tag?: string;
  listType?: string;
  url?: string;
  src?: string;
  alt?: string;
  altText?: string;
  caption?: string;
  markdown?: string;
  html?: string;
  code?: string;
  language?: string;
  start?: number;
  images?: { src?: string; alt?: string; caption?: string }[];
  metadata?: { title?: string };
  children?: LexicalNode[];
};

const BOLD = 1;
const ITALIC = 2;
const CODE = 16;

function inline(nodes: readonly LexicalNode[] = []): string {
  return nodes
    .map((node) => {
      if (node.type === 'linebreak') return '\n';
      if (node.type === 'link' || node.type === 'autolink') return `[${inline(node.children)}](${node.url ?? ''})`;
      if (node.children) return inline(node.children);
      let text = node.text ?? '';
      const format = typeof node.format === 'number' ? node.format : 0;
      if (format & CODE) text = `\`${text}\``;
      if (format & ITALIC) text = `_${text}_`;
      if (format & BOLD) text = `**${text}**`;
      return text;
    })
    .join('');
}

function block(node: LexicalNode, htmlToMarkdown: (html: string) => string): string {
  switch (node.type) {
    case 'heading': {
      const level = Number(/h([1-6])/.exec(node.tag ?? '')?.[1] ?? 2);
      return `${'#'.repeat(level)} ${inline(node.children)}`;
    }
    case 'quote':
    case 'aside':
      return inline(node.children)
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    case 'list': {
      const start = Number.isInteger(node.start) && node.start! > 0 ? node.start! : 1;
      return (node.children ?? [])
        .map((item, index) => `${node.listType === 'number' ? `${start + index}.` : '-'} ${inline(item.children)}`)
        .join('\n');
    }
    case 'horizontalrule':
      return '---';
    default:
      return node.type && CARDS.has(node.type)
        ? cardMarkdown(node.type, node, htmlToMarkdown)
        : inline(node.children ?? [node]);
  }
}

const CARDS = new Set(['image', 'gallery', 'embed', 'bookmark', 'markdown', 'html', 'codeblock', 'code']);

/** A caption (HTML in Ghost) as the italic line under its image, gallery or embed. */
function captionOf(caption: string | undefined, htmlToMarkdown: (html: string) => string): string {
  const text = caption
    ? htmlToMarkdown(caption)
        .replace(/\s+/g, ' ')
        .replace(/(^|[^\\])[_*]+/g, '$1')
        .trim()
    : '';
  return text ? `\n\n_${text}_` : '';
}

const image = (src = '', alt = '') =>
  `![${alt.replace(/[[\]]/g, '')}](${src.replace(/[()\s]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`;

/**
 * One of Ghost's cards (Lexical nodes, or Mobiledoc cards, which carry the same fields): images and galleries with
 * their captions, embeds and bookmarks as a link alone in its paragraph (the renderer's embed card), code with its
 * language.
 */
export function cardMarkdown(type: string, card: LexicalNode, htmlToMarkdown: (html: string) => string): string {
  switch (type) {
    case 'image':
      return `${image(card.src, card.alt ?? card.altText)}${captionOf(card.caption, htmlToMarkdown)}`;
    case 'gallery':
      return `${(card.images ?? []).map((one) => image(one.src, one.alt)).join('\n')}${captionOf(card.caption, htmlToMarkdown)}`;
    case 'embed':
    case 'bookmark': {
      const url = /^https?:\/\/[^\s()<>]+$/i.test(card.url ?? '') ? card.url! : '';
      if (!url) return card.html ? htmlToMarkdown(card.html) : '';
      const title = (card.metadata?.title ?? '').replace(/[[\]\\]/g, '');
      return `${title ? `[${title}](${url})` : `<${url}>`}${captionOf(card.caption, htmlToMarkdown)}`;
    }
    case 'markdown':
      return card.markdown ?? '';
    case 'html':
      return htmlToMarkdown(card.html ?? '');
    case 'codeblock':
    case 'code':
      return `\`\`\`${(card.language ?? '').replace(/[^\w+#.-]/g, '')}\n${card.code ?? ''}\n\`\`\``;
    default:
      return card.html ? htmlToMarkdown(card.html) : '';
  }
}

export function lexicalToMarkdown(json: string, htmlToMarkdown: (html: string) => string): string {
  const document = JSON.parse(json) as { root?: LexicalNode };
  return (document.root?.children ?? [])
    .map((node) => block(node, htmlToMarkdown))
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

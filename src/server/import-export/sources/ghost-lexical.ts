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
    case 'list':
      return (node.children ?? [])
        .map((item, index) => `${node.listType === 'number' ? `${index + 1}.` : '-'} ${inline(item.children)}`)
        .join('\n');
    case 'image': {
      const alt = node.alt ?? node.altText ?? '';
      const caption = node.caption ? `\n\n_${htmlToMarkdown(node.caption)}_` : '';
      return `![${alt}](${node.src ?? ''})${caption}`;
    }
    case 'horizontalrule':
      return '---';
    case 'markdown':
      return node.markdown ?? '';
    case 'html':
      return htmlToMarkdown(node.html ?? '');
    case 'codeblock':
      return `\`\`\`${node.language ?? ''}\n${node.code ?? ''}\n\`\`\``;
    default:
      return inline(node.children ?? [node]);
  }
}

export function lexicalToMarkdown(json: string, htmlToMarkdown: (html: string) => string): string {
  const document = JSON.parse(json) as { root?: LexicalNode };
  return (document.root?.children ?? [])
    .map((node) => block(node, htmlToMarkdown))
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

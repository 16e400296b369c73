import type MarkdownItModule from 'markdown-it';
import type { MarkdownIt as MarkdownItInstance } from 'markdown-it';
import { lazyModule } from '../lazy-module.js';

const loadMarkdownIt = lazyModule<typeof MarkdownItModule>('markdown-it');

/** Only web links: no `javascript:`, `data:`, site-relative or mail links in a reader's text. */
const WEB_LINK = /^https?:\/\/[^\s]+$/i;

/**
 * The comments' Markdown subset: paragraphs, line breaks, *emphasis*, **strong**, [links](https://…)
 * and > quotes. Raw HTML is text (html: false), everything else markdown-it knows is off, and every
 * link gets `rel="nofollow ugc noopener"`.
 */
function createCommentMarkdown(): MarkdownItInstance {
  const markdown = new (loadMarkdownIt())('zero', { html: false, linkify: false, breaks: true, typographer: false });
  markdown.enable(['blockquote', 'paragraph', 'emphasis', 'link', 'escape', 'newline', 'text']);
  markdown.validateLink = (url: string): boolean => WEB_LINK.test(url.trim());
  markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
    tokens[index]!.attrSet('rel', 'nofollow ugc noopener');
    return self.renderToken(tokens, index, options);
  };
  return markdown;
}

let commentMarkdown: MarkdownItInstance | undefined;

export function renderCommentHtml(body: string): string {
  commentMarkdown ??= createCommentMarkdown();
  return commentMarkdown.render(body);
}

/** Whether a comment's text links anywhere (a Markdown link or a bare address a reader could copy). */
export function hasLink(body: string): boolean {
  return /https?:\/\/|www\.|\]\(/i.test(body);
}

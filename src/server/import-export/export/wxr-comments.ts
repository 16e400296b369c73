import { renderCommentHtml } from '../../comments/comment-markdown.js';
import type { CommentRow } from '../../comments/comments-repository.js';

/** The comments a post shows (approved ones), oldest first, by post id: what the WordPress export carries. */
export function shownCommentsByPost(comments: readonly CommentRow[]): Map<string, CommentRow[]> {
  const byPost = new Map<string, CommentRow[]>();
  for (const comment of comments) {
    if (comment.targetKind !== 'post' || comment.status !== 'approved') continue;
    byPost.set(comment.targetId, [...(byPost.get(comment.targetId) ?? []), comment]);
  }
  return byPost;
}

/**
 * A post's comments as WordPress writes them (`wp:comment`, approved, threaded by `wp:comment_parent`; a reply to a
 * comment not carried goes to the top): the name shown, never an address. `firstId` numbers them; `cdata` and
 * `text` are the file's own quoting.
 */
export function wxrComments(
  comments: readonly CommentRow[],
  firstId: number,
  quote: { cdata: (text: string) => string; text: (text: string) => string; date: (iso: string) => string },
): string[] {
  const ids = new Map(comments.map((comment, index) => [comment.id, firstId + index]));
  return comments.flatMap((comment) => {
    const date = quote.date(comment.createdAt);
    const name = comment.readerName ?? comment.remoteAuthorName ?? 'A reader';
    return [
      '\t\t<wp:comment>',
      `\t\t\t<wp:comment_id>${ids.get(comment.id)}</wp:comment_id>`,
      `\t\t\t<wp:comment_author>${quote.text(name)}</wp:comment_author>`,
      `\t\t\t<wp:comment_author_email>${quote.cdata('')}</wp:comment_author_email>`,
      `\t\t\t<wp:comment_author_url>${quote.text(comment.remoteAuthorUrl ?? '')}</wp:comment_author_url>`,
      `\t\t\t<wp:comment_author_IP>${quote.cdata('')}</wp:comment_author_IP>`,
      `\t\t\t<wp:comment_date>${quote.cdata(date)}</wp:comment_date>`,
      `\t\t\t<wp:comment_date_gmt>${quote.cdata(date)}</wp:comment_date_gmt>`,
      `\t\t\t<wp:comment_content>${quote.text(renderCommentHtml(comment.body).trim())}</wp:comment_content>`,
      `\t\t\t<wp:comment_approved>${quote.cdata('1')}</wp:comment_approved>`,
      `\t\t\t<wp:comment_type>${quote.cdata('comment')}</wp:comment_type>`,
      `\t\t\t<wp:comment_parent>${(comment.parentId && ids.get(comment.parentId)) || 0}</wp:comment_parent>`,
      '\t\t\t<wp:comment_user_id>0</wp:comment_user_id>',
      '\t\t</wp:comment>',
    ];
  });
}

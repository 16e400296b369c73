import {
  COMMENT_DELETE_PATH,
  COMMENT_EDIT_PATH,
  COMMENT_MAX_LENGTH,
  COMMENT_POST_PATH,
  COMMENT_REPORT_PATH,
  COMMENT_SIGN_IN_PATH,
  COMMENT_SIGN_OUT_PATH,
  COMMENTS_ANCHOR,
  fediverseReactionsLine,
  type CommentTargetKind,
  type CommentThread,
  type PublicComment,
} from '../../domain/comments.js';
import { formatLongDate, isoDate } from '../../domain/date-format.js';
import { trpc } from '../trpc.js';
import reading from '../pages/reading.module.css';
import ui from '../ui/ui.module.css';
import styles from './Comments.module.css';

type Target = { kind: CommentTargetKind; id: string; path: string };

/**
 * The comments under a post or an excerpt, rendered on the server with the page: plain forms that post to
 * /comments… (src/server/comments/comment-pages.ts) and come back here, so all of it works without the script.
 * Bodies are the server's rendering of the Markdown subset (every character escaped; links nofollow ugc).
 */
export function Comments({ target }: { target: Target }) {
  const thread = trpc.comments.thread.useQuery({ targetKind: target.kind, targetId: target.id });
  if (!thread.data) return null;
  const data = thread.data;
  const reactions = fediverseReactionsLine(data.reactions);
  return (
    <section id={COMMENTS_ANCHOR} aria-labelledby="comments-title" className={`${ui.narrow} ${styles.comments}`}>
      <h2 id="comments-title">{data.count === 1 ? '1 comment' : `${data.count} comments`}</h2>
      {reactions && <p className={styles.note}>{reactions}</p>}
      {data.comments.length > 0 && (
        <ol className={styles.list}>
          {data.comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} thread={data} target={target} />
          ))}
        </ol>
      )}
      <Footer thread={data} target={target} />
    </section>
  );
}

function Footer({ thread, target }: { thread: CommentThread; target: Target }) {
  if (!thread.open) return <p className={styles.note}>Comments are closed.</p>;
  if (!thread.viewer.signedIn)
    return (
      <p>
        <a href={`${COMMENT_SIGN_IN_PATH}?return=${encodeURIComponent(target.path)}`} className={ui.textLink}>
          Sign in to comment
        </a>{' '}
        (for the newsletter’s subscribers: we email you a link).
      </p>
    );
  if (thread.viewer.banned) return <p className={styles.note}>You can no longer comment on this site.</p>;
  return (
    <>
      <CommentForm thread={thread} target={target} />
      <form method="post" action={COMMENT_SIGN_OUT_PATH} className={styles.actions}>
        <span>Signed in as {thread.viewer.displayName}.</span>
        <input type="hidden" name="return" value={target.path} />
        <button type="submit" className={styles.linkButton}>
          Sign out
        </button>
      </form>
    </>
  );
}

function SpoilerBox({ thread, defaultChecked = false }: { thread: CommentThread; defaultChecked?: boolean }) {
  return (
    <label>
      <input type="checkbox" name="spoiler" defaultChecked={defaultChecked} /> It gives away the story
      {thread.bookTitle ? ` of ${thread.bookTitle}` : ''} (hidden behind a spoiler warning)
    </label>
  );
}

function CommentForm({ thread, target, parentId }: { thread: CommentThread; target: Target; parentId?: string }) {
  const fieldId = parentId ? `reply-${parentId}` : 'comment-body';
  return (
    <form method="post" action={COMMENT_POST_PATH} className={styles.form}>
      <input type="hidden" name="targetKind" value={target.kind} />
      <input type="hidden" name="targetId" value={target.id} />
      <input type="hidden" name="return" value={target.path} />
      {parentId && <input type="hidden" name="parentId" value={parentId} />}
      <label htmlFor={fieldId}>{parentId ? 'Your reply' : 'Your comment'}</label>
      <textarea id={fieldId} name="body" required maxLength={COMMENT_MAX_LENGTH} />
      <small className={styles.note}>*emphasis*, [links](https://…) and &gt; quotes work.</small>
      <SpoilerBox thread={thread} />
      <button type="submit" className={styles.submit}>
        {parentId ? 'Reply' : 'Post comment'}
      </button>
    </form>
  );
}

function CommentItem({ comment, thread, target }: { comment: PublicComment; thread: CommentThread; target: Target }) {
  const signedIn = thread.viewer.signedIn && !thread.viewer.banned;
  const body = <div className={styles.body} dangerouslySetInnerHTML={{ __html: comment.bodyHtml }} />;
  return (
    <li id={`comment-${comment.id}`} className={styles.comment}>
      {comment.deleted ? (
        <p className={styles.note}>This comment was deleted.</p>
      ) : (
        <>
          <p className={styles.byline}>
            <span className={styles.author}>
              {comment.authorUrl ? (
                <a href={comment.authorUrl} rel="nofollow ugc noopener">
                  {comment.authorName}
                </a>
              ) : (
                comment.authorName
              )}
            </span>
            {comment.authorServer && <span>{comment.authorServer}</span>}
            <time dateTime={isoDate(new Date(comment.createdAt))}>{formatLongDate(new Date(comment.createdAt))}</time>
            {comment.edited && <span>edited</span>}
          </p>
          {comment.held && <p className={styles.note}>Waiting for the author’s approval: only you see it for now.</p>}
          {comment.spoiler ? (
            <details className={reading.spoilerGate}>
              <summary>
                <span className={reading.spoilerQuestion}>
                  This comment has spoilers{thread.bookTitle ? ` for ${thread.bookTitle}` : ''}.
                </span>
                <span className={reading.spoilerOpen}>Read it anyway</span>
              </summary>
              {body}
            </details>
          ) : (
            body
          )}
          {signedIn && (
            <div className={styles.actions}>
              {comment.canEdit && (
                <details>
                  <summary className={styles.linkButton}>Edit</summary>
                  <form method="post" action={COMMENT_EDIT_PATH} className={styles.form}>
                    <input type="hidden" name="id" value={comment.id} />
                    <input type="hidden" name="return" value={target.path} />
                    <label htmlFor={`edit-${comment.id}`}>Your comment</label>
                    <textarea
                      id={`edit-${comment.id}`}
                      name="body"
                      required
                      maxLength={COMMENT_MAX_LENGTH}
                      defaultValue={comment.editableBody ?? ''}
                    />
                    <SpoilerBox thread={thread} defaultChecked={comment.spoiler} />
                    <button type="submit" className={styles.submit}>
                      Save
                    </button>
                  </form>
                </details>
              )}
              {comment.mine ? (
                <form method="post" action={COMMENT_DELETE_PATH}>
                  <input type="hidden" name="id" value={comment.id} />
                  <input type="hidden" name="return" value={target.path} />
                  <button type="submit" className={styles.linkButton}>
                    Delete
                  </button>
                </form>
              ) : (
                !comment.held && (
                  <form method="post" action={COMMENT_REPORT_PATH}>
                    <input type="hidden" name="id" value={comment.id} />
                    <input type="hidden" name="return" value={target.path} />
                    <button type="submit" className={styles.linkButton}>
                      Report
                    </button>
                  </form>
                )
              )}
            </div>
          )}
        </>
      )}
      {comment.replies.length > 0 && (
        <ol className={styles.replies}>
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} thread={thread} target={target} />
          ))}
        </ol>
      )}
      {!comment.parentId && !comment.deleted && !comment.held && thread.open && signedIn && (
        <details>
          <summary className={styles.linkButton}>Reply</summary>
          <CommentForm thread={thread} target={target} parentId={comment.id} />
        </details>
      )}
    </li>
  );
}

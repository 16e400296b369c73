/**
 * Readers' comments under posts and excerpts: what the pages, the server and the admin share
 * (zod-free; the schemas are in comments.schema.ts).
 */

export const COMMENT_TARGET_KINDS = ['post', 'excerpt'] as const;
export type CommentTargetKind = (typeof COMMENT_TARGET_KINDS)[number];

/** A comment written on this site, a reply from the fediverse, or one brought in by an import (WordPress). */
export type CommentOrigin = 'site' | 'fediverse' | 'import';

export const COMMENT_STATUSES = ['held', 'approved', 'hidden', 'deleted'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const COMMENT_MAX_LENGTH = 5000;
export const DISPLAY_NAME_MAX_LENGTH = 60;
/** A reader may edit a comment for this long after posting it. */
export const COMMENT_EDIT_WINDOW_MS = 10 * 60 * 1000;
/** A comment sign-in link works this long. */
export const COMMENT_SIGN_IN_LIFETIME_MINUTES = 60;
/** A reader's session (the `commentReader` cookie) lasts this long. */
export const COMMENT_SESSION_DAYS = 30;
export const COMMENT_SESSION_COOKIE = 'commentReader';

/** Where the comments live on a page, and the browser forms post. */
export const COMMENTS_ANCHOR = 'comments';
export const COMMENT_POST_PATH = '/comments';
export const COMMENT_SIGN_IN_PATH = '/comments/sign-in';
export const COMMENT_NAME_PATH = '/comments/name';
export const COMMENT_EDIT_PATH = '/comments/edit';
export const COMMENT_DELETE_PATH = '/comments/delete';
export const COMMENT_REPORT_PATH = '/comments/report';
export const COMMENT_SIGN_OUT_PATH = '/comments/sign-out';

/** The page of an item's comments: where a form post comes back to. */
export function commentTargetPath(kind: CommentTargetKind, idOrSlug: string): string {
  return kind === 'post' ? `/blog/${idOrSlug}` : `/excerpts/${idOrSlug}`;
}

/** Whether a page path is one that shows comments (a post or an excerpt page). */
export function isCommentPagePath(path: string): boolean {
  return /^\/(?:blog|excerpts)\/[^/?#]+$/.test(path) && !path.startsWith('/blog/preview');
}

export const COMMENT_MESSAGES = {
  closed: 'Comments are closed here',
  signIn: 'Sign in to comment',
  banned: 'You can no longer comment on this site',
  noLinks: 'Links are allowed once one of your comments has been approved',
  words: 'This comment uses a word the site does not allow',
  editWindow: 'Comments can be edited for 10 minutes after posting',
  notYours: 'This comment is not yours',
  notFound: 'Comment not found',
  parent: 'Replies go one level deep: reply to the first comment',
  targetMissing: 'There is nothing to comment on here',
  needName: 'Choose the name shown with your comments first',
} as const;

/** A comment as pages and the API show it. */
export type PublicComment = {
  id: string;
  parentId: string | null;
  origin: CommentOrigin;
  authorName: string;
  /** The remote author's server and link (fediverse replies). */
  authorServer: string | null;
  authorUrl: string | null;
  /** The body rendered from the Markdown subset; everything escaped. */
  bodyHtml: string;
  spoiler: boolean;
  createdAt: string;
  edited: boolean;
  /** Only for the signed-in reader's own comments. */
  mine: boolean;
  canEdit: boolean;
  /** The Markdown as written, for the edit form (the viewer's own comment, while it can be edited). */
  editableBody: string | null;
  /** The signed-in reader's own comment still waiting for the author. */
  held: boolean;
  deleted: boolean;
  replies: PublicComment[];
};

export type CommentThread = {
  targetKind: CommentTargetKind;
  targetId: string;
  open: boolean;
  /** The book an excerpt belongs to (spoiler warnings name it). */
  bookTitle: string | null;
  count: number;
  comments: PublicComment[];
  /** A post's likes and boosts from the fediverse (an excerpt's are 0). */
  reactions: { likes: number; boosts: number };
  viewer: { signedIn: false } | { signedIn: true; displayName: string; banned: boolean };
};

/** "3 likes · 2 boosts from the fediverse", naming only what is above 0; null when both are 0. */
export function fediverseReactionsLine({ likes, boosts }: { likes: number; boosts: number }): string | null {
  const parts = [
    likes > 0 ? `${likes} ${likes === 1 ? 'like' : 'likes'}` : null,
    boosts > 0 ? `${boosts} ${boosts === 1 ? 'boost' : 'boosts'}` : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : `${parts.join(' · ')} from the fediverse`;
}

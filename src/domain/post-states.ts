/**
 * A blog post is a draft (only the admin sees it), scheduled (published by the server at its time) or
 * published. Only published posts appear on the public site, in feeds and in the public API.
 */
export const POST_STATES = ['draft', 'scheduled', 'published'] as const;
export type PostState = (typeof POST_STATES)[number];

export const POST_STATE_LABELS: Record<PostState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

export const POST_STATE_COLORS: Record<PostState, string> = {
  draft: 'gray',
  scheduled: 'yellow',
  published: 'green',
};

/** A post written through the API without a state is published at once, as before states existed. */
export const DEFAULT_POST_STATE: PostState = 'published';

/** The address only the signed-in admin can open: a draft or scheduled post as it will look. */
export function blogPreviewPath(id: string): string {
  return `/blog/preview/${encodeURIComponent(id)}`;
}

/** True for the preview page's path (which is never cached and needs the admin's preview cookie). */
export function isBlogPreviewPath(path: string): boolean {
  return path.startsWith('/blog/preview/');
}

/** The admin area asks the server for the preview cookie here (POST, with the session token as bearer key). */
export const PREVIEW_SESSION_PATH = '/blog/preview-session';

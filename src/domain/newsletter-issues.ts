import { blogPostPath } from './content-links.js';
import type { Audience } from './newsletter-interests.js';

/** A newsletter issue: written as a draft, then sent once (status `sending` until the queue is done). */
export type IssueStatus = 'draft' | 'sending' | 'sent' | 'sequence';

export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
  sequence: 'Automatic',
};

/** Where the messages of a mailing stand (see the mail queue). */
export type SendFigures = {
  total: number;
  sent: number;
  failed: number;
  /** Waiting for their turn (or for a retry). */
  remaining: number;
  /** Handed to the relay when the server stopped abruptly: maybe delivered, never sent again. */
  uncertain: number;
  /** Left out because the address unsubscribed, bounced or was deleted before its turn. */
  skipped: number;
};

export type NewsletterIssue = {
  id: string;
  subject: string;
  preheader: string;
  /** Markdown. */
  body: string;
  status: IssueStatus;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
  figures: SendFigures;
  /** The blog post it was sent for ("Publish and send to subscribers"), if any. */
  postId: string | null;
  /** Listed in the public web archive (/newsletter/archive) once sent. */
  inArchive: boolean;
  /** Who a sent issue went to (see newsletter-interests.ts). */
  audience: Audience;
  /** The welcome sequence: 0 the welcome email, 1–3 follow-ups; null for an ordinary issue. */
  sequenceStep: number | null;
  /** Follow-ups: sent this many days after confirmation (the welcome email: 0). */
  delayDays: number | null;
  /** A sequence email is sent only while enabled. */
  sequenceEnabled: boolean;
  /**
   * A draft set to go out with its post (`postId`), scheduled: when the post is to be published, and with it the
   * issue sent (to `audience`). Null otherwise.
   */
  scheduledFor: Date | null;
};

/** An issue as the admin's list of issues shows it: everything but its body (`mail.issue` reads the whole issue). */
export type NewsletterIssueRow = Omit<NewsletterIssue, 'body'>;

/** The public web archive of sent issues, and one issue's page there ("view in browser"). */
export const NEWSLETTER_ARCHIVE_PATH = '/newsletter/archive';
export const archivedIssuePath = (id: string): string => `${NEWSLETTER_ARCHIVE_PATH}/${encodeURIComponent(id)}`;
/** The query parameter of a "view in browser" link: the issue's signed key (it opens an issue not in the archive). */
export const ISSUE_VIEW_KEY_PARAM = 'key';

export type SendFailure = { email: string; error: string; attempts: number };

/** Done: nothing is waiting any more (what is left are sent, failed, uncertain or skipped messages). */
export const isSendDone = (figures: SendFigures): boolean => figures.remaining === 0;

/** Share of the messages that are settled (sent, failed, uncertain or skipped), 0–100. */
export function sendProgressPercent(figures: SendFigures): number {
  if (figures.total === 0) return 100;
  return Math.round(((figures.total - figures.remaining) / figures.total) * 100);
}

/**
 * A featured blog post in an issue: one line, `[[post:<slug>]]`, that the email, its preview and the archive show as
 * a card (cover, title, summary, a link), from the post as it is when the issue is rendered.
 */
export function featuredPostBlock(post: { slug: string }): string {
  return `[[post:${post.slug}]]\n`;
}

/** A paragraph that is a featured post, and nothing else. */
export const FEATURED_POST_LINE = /^\[\[post:([a-z0-9][a-z0-9-]{0,79})\]\]$/;

/** The slugs of the posts an issue's body features, each once. */
export function featuredPostSlugs(body: string): string[] {
  const slugs = body
    .split(/\r?\n/)
    .map((line) => FEATURED_POST_LINE.exec(line.trim())?.[1])
    .filter((slug): slug is string => slug !== undefined);
  return [...new Set(slugs)];
}

/**
 * The body of the issue that sends a post ("Publish and send to subscribers"): the post's own text (Markdown, so
 * the email shows it as the blog does) and a link to it on the site.
 */
export function postIssueMarkdown(post: { slug: string; title: string; content: string }): string {
  return `${post.content.trim()}\n\n[Read “${escapeMarkdown(post.title)}” on the site →](${blogPostPath(post)})\n`;
}

const escapeMarkdown = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_{}[\]()#+\-.!|<>~^]/g, (char) => `\\${char}`);

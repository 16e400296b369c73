import { TRPCError } from '@trpc/server';
import { blogPostPath } from '../../../domain/content-links.js';
import { archivedIssueInputSchema } from '../../../domain/newsletter-issues.schema.js';
import { renderContentHtml } from '../../content/rendering/render-content.js';
import { loadIssueAssets } from './issue-assets.js';
import { findBlogPost } from '../../content/blog/blog-posts-repository.js';
import { findIssue, listArchivedIssues } from './newsletter-issues-repository.js';
import { pageOf, publicProcedure, router } from '../../trpc/trpc.js';
import { CURATED_LIST_PAGE } from '../../../domain/paging.js';
import { pageInput } from '../../../domain/paging.schema.js';

const ARCHIVE_CACHE_KEY = 'newsletter-archive';
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Issue not found' });

/**
 * The public web archive of sent issues (/newsletter/archive): those the author listed there. One issue's page
 * opens when it is listed, or with its signed "view in browser" key (every email carries it, the welcome email and its
 * follow-ups too), never as a draft.
 */
export const newsletterArchiveRouter = router({
  /** The listed issues, newest first, a page at a time (CURATED_LIST_PAGE: one page holds a site's archive). */
  list: publicProcedure
    .input(pageInput(CURATED_LIST_PAGE))
    .query(async ({ ctx, input }) =>
      pageOf(await ctx.cache.get(ARCHIVE_CACHE_KEY, () => listArchivedIssues(ctx.db)), input),
    ),
  issue: publicProcedure.input(archivedIssueInputSchema).query(async ({ ctx, input }) => {
    const issue = await findIssue(ctx.db, input.id);
    if (!issue || issue.status === 'draft') throw notFound();
    // A welcome email or follow-up is never "sent" as a whole (each reader gets it on joining), never listed,
    // and opens only with its email's key; its date is that of its current text.
    const inSequence = issue.status === 'sequence';
    const shownAt = inSequence ? issue.updatedAt : issue.sentAt;
    if (!shownAt) throw notFound();
    const listed = issue.inArchive && !inSequence;
    if (!listed && !ctx.mailing.issueMail.opensIssue(issue.id, input.key)) throw notFound();
    const post = issue.postId ? await findBlogPost(ctx.db, issue.postId) : undefined;
    return {
      id: issue.id,
      subject: issue.subject,
      preheader: issue.preheader,
      sentAt: shownAt,
      inArchive: listed,
      /** A welcome email or follow-up (sent to each reader on joining): the page shows no send date. */
      inSequence,
      bodyHtml: renderContentHtml(issue.body, 'markdown', {
        ...(await loadIssueAssets(ctx.db, issue.body)),
        ...(ctx.publicOrigin ? { siteOrigin: ctx.publicOrigin } : {}),
      }),
      post: post && post.status === 'published' ? { title: post.title, path: blogPostPath(post) } : null,
    };
  }),
});

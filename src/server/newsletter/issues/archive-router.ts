import { TRPCError } from '@trpc/server';
import { blogPostPath } from '../../../domain/content-links.js';
import { archivedIssueInputSchema } from '../../../domain/newsletter-issues.schema.js';
import { renderContentHtml } from '../../content/rendering/render-content.js';
import { loadResponsiveImages } from '../../content/images/responsive-images.js';
import { findBlogPost } from '../../content/blog/blog-posts-repository.js';
import { findIssue, listArchivedIssues } from './newsletter-issues-repository.js';
import { pageOf, publicProcedure, router } from '../../trpc/trpc.js';
import { CURATED_LIST_PAGE } from '../../../domain/paging.js';
import { pageInput } from '../../../domain/paging.schema.js';

const ARCHIVE_CACHE_KEY = 'newsletter-archive';
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Issue not found' });

/**
 * The public web archive of sent issues (/newsletter/archive): those the author listed there. One issue's page
 * opens when it is listed, or with its signed "view in browser" key (every email carries it), never as a draft.
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
    if (!issue || issue.status === 'draft' || !issue.sentAt) throw notFound();
    if (!issue.inArchive && !ctx.mailing.issueMail.opensIssue(issue.id, input.key)) throw notFound();
    const post = issue.postId ? await findBlogPost(ctx.db, issue.postId) : undefined;
    return {
      id: issue.id,
      subject: issue.subject,
      preheader: issue.preheader,
      sentAt: issue.sentAt,
      inArchive: issue.inArchive,
      bodyHtml: renderContentHtml(issue.body, 'markdown', {
        images: await loadResponsiveImages(ctx.db),
        ...(ctx.publicOrigin ? { siteOrigin: ctx.publicOrigin } : {}),
      }),
      post: post && post.status === 'published' ? { title: post.title, path: blogPostPath(post) } : null,
    };
  }),
});

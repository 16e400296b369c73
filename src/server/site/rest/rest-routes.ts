import type { SearchAnswer } from '../../../domain/search.js';
import { withMarkedHtml } from '../../content/search/highlight.js';
import type { createCaller } from '../../trpc/app-router.js';

type Caller = ReturnType<typeof createCaller>;

export type RestRequest = { params: Record<string, string>; body: unknown; query: Record<string, string | undefined> };

export type RestRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** 200 by default; creates answer 201, deletes 204. */
  status?: 200 | 201 | 204;
  call: (caller: Caller, request: RestRequest) => Promise<unknown>;
  /**
   * Public reads only: what the answer depends on (the procedure's input). The serialised
   * answer is kept under this key until the next content write, so a repeat read skips the
   * procedure (but not the per-address read limit).
   */
  publicReadKey?: (request: RestRequest) => string;
  /** Extra response headers (e.g. X-Robots-Tag). */
  headers?: Record<string, string>;
  /**
   * The procedure answers a page (`{ items, nextCursor }`): the body stays the documented array (the items), and
   * the next page's cursor goes in `X-Next-Cursor` and a `Link: <…>; rel="next"` header.
   */
  paged?: true;
};

const id = (request: RestRequest) => request.params.id ?? '';

/** A number from the query string (a non-number is left to the procedure's schema to refuse). */
const numberParam = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** `?limit=&cursor=` of a paged admin list. */
const pageParams = (r: RestRequest) => ({ limit: numberParam(r.query.limit), cursor: r.query.cursor });

/**
 * Newsletter issues for scripts: who an audience reaches now, and the send call (`audience`
 * optional, everyone by default; `expectedRecipients` must match the count, as in the admin).
 */
const newsletterIssueRoutes: RestRoute[] = [
  {
    method: 'POST',
    url: '/api/admin/newsletter/recipients',
    call: (caller, r) => callUnchecked(caller.mail.recipientCount, r.body ?? undefined),
  },
  {
    method: 'GET',
    url: '/api/admin/newsletter/issues/:id/links',
    call: (caller, r) => caller.analytics.issueLinks({ id: id(r) }),
  },
  {
    method: 'POST',
    url: '/api/admin/newsletter/issues/:id/send',
    call: (caller, r) => callUnchecked(caller.mail.send, { ...(r.body as object | null), id: id(r) }),
  },
];

/** The ARC team (src/server/arc, docs/arc.md): campaigns, ranked applications, selection, the launch view. */
const arcRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/admin/arc/campaigns', call: (caller) => caller.arc.campaigns() },
  {
    method: 'POST',
    url: '/api/admin/arc/campaigns',
    status: 201,
    call: (caller, r) => callUnchecked(caller.arc.createCampaign, r.body),
  },
  {
    method: 'PUT',
    url: '/api/admin/arc/campaigns/:id',
    call: (caller, r) => callUnchecked(caller.arc.updateCampaign, { ...(r.body as object | null), id: id(r) }),
  },
  {
    method: 'GET',
    url: '/api/admin/arc/campaigns/:id/applications',
    call: (caller, r) => caller.arc.applications({ campaignId: id(r) }),
  },
  {
    method: 'POST',
    url: '/api/admin/arc/campaigns/:id/select',
    call: (caller, r) => callUnchecked(caller.arc.select, { ...(r.body as object | null), campaignId: id(r) }),
  },
  {
    method: 'POST',
    url: '/api/admin/arc/campaigns/:id/decline',
    call: (caller, r) => callUnchecked(caller.arc.decline, { ...(r.body as object | null), campaignId: id(r) }),
  },
  {
    method: 'POST',
    url: '/api/admin/arc/campaigns/:id/select-best',
    call: (caller, r) => callUnchecked(caller.arc.selectBest, { ...(r.body as object | null), campaignId: id(r) }),
  },
  {
    method: 'POST',
    url: '/api/admin/arc/campaigns/:id/readers',
    status: 201,
    call: (caller, r) => callUnchecked(caller.arc.addReader, { ...(r.body as object | null), campaignId: id(r) }),
  },
  {
    method: 'GET',
    url: '/api/admin/arc/campaigns/:id/launch',
    call: (caller, r) => caller.arc.launch({ campaignId: id(r) }),
  },
  {
    method: 'POST',
    url: '/api/admin/arc/campaigns/:id/thank-reviewers',
    call: (caller, r) => caller.arc.thankReviewers({ campaignId: id(r) }),
  },
];

/** Any procedure of a caller, whatever input it declares. */
type Procedure = (input: never) => Promise<unknown>;

/**
 * Calls a procedure with input straight from the request. Its declared input type is not checked
 * here: the procedure's own zod schema checks the value and answers BAD_REQUEST with the message.
 */
function callUnchecked(procedure: Procedure, input: unknown): Promise<unknown> {
  return (procedure as (input: unknown) => Promise<unknown>)(input);
}

/** The procedures of one content kind, as a caller exposes them. */
type ContentCaller = {
  list: Procedure;
  byId: (input: { id: string }) => Promise<unknown>;
  create: Procedure;
  update: Procedure;
  delete: (input: { id: string }) => Promise<unknown>;
};

/**
 * A list's paging from the query string (`?limit=&cursor=`, see domain/paging.ts), with any other parameters the
 * list reads (`names`); undefined when the query names none, so the plain list keeps one cache entry.
 */
const listQuery =
  (names: readonly string[] = []) =>
  (request: RestRequest) => {
    const input = Object.fromEntries(
      ['limit', 'cursor', ...names].flatMap((name) =>
        request.query[name] === undefined ? [] : [[name, request.query[name]]],
      ),
    );
    return Object.keys(input).length > 0 ? input : undefined;
  };

/** CRUD routes of one content kind, e.g. /api/books; `listInput` maps the query string. */
function contentRoutes(
  base: string,
  pick: (caller: Caller) => ContentCaller,
  listInput: (request: RestRequest) => unknown = listQuery(),
): RestRoute[] {
  return [
    {
      method: 'GET',
      url: base,
      call: (caller, r) => callUnchecked(pick(caller).list, listInput(r)),
      publicReadKey: (r) => `${base} ${JSON.stringify(listInput(r)) ?? ''}`,
    },
    {
      method: 'GET',
      url: `${base}/:id`,
      call: (caller, r) => pick(caller).byId({ id: id(r) }),
      publicReadKey: (r) => `${base}/:id ${id(r)}`,
    },
    { method: 'POST', url: base, status: 201, call: (caller, r) => callUnchecked(pick(caller).create, r.body) },
    {
      method: 'PUT',
      url: `${base}/:id`,
      call: (caller, r) => callUnchecked(pick(caller).update, { id: id(r), data: r.body }),
    },
    { method: 'DELETE', url: `${base}/:id`, status: 204, call: (caller, r) => pick(caller).delete({ id: id(r) }) },
  ];
}

const slugParam = (request: RestRequest) => request.params.slug ?? '';

/** The author's pages: the published ones for every reader; every page, with its text, for the author. */
const sitePageRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/pages', call: (caller) => caller.pages.list(), publicReadKey: () => '/api/pages' },
  {
    method: 'GET',
    url: '/api/pages/by-path/*',
    call: (caller, r) => caller.pages.byPath({ path: r.params['*'] ?? '' }),
    publicReadKey: (r) => `/api/pages/by-path ${r.params['*'] ?? ''}`,
  },
  { method: 'GET', url: '/api/admin/pages', call: (caller) => caller.pages.adminList() },
  { method: 'GET', url: '/api/admin/pages/:id', call: (caller, r) => caller.pages.adminGet({ id: id(r) }) },
  {
    method: 'POST',
    url: '/api/admin/pages',
    status: 201,
    call: (caller, r) => callUnchecked(caller.pages.create, r.body),
  },
  {
    method: 'PUT',
    url: '/api/admin/pages/:id',
    call: (caller, r) => callUnchecked(caller.pages.update, { id: id(r), data: r.body }),
  },
  {
    method: 'DELETE',
    url: '/api/admin/pages/:id',
    status: 204,
    call: (caller, r) => caller.pages.delete({ id: id(r) }),
  },
];

/** The blog's categories: every reader lists them; the author creates, renames, merges, reorders and deletes. */
const blogCategoryRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/blog/categories',
    call: (caller) => caller.blog.categories.list(),
    publicReadKey: () => '/api/blog/categories',
  },
  {
    method: 'POST',
    url: '/api/blog/categories',
    status: 201,
    call: (caller, r) => callUnchecked(caller.blog.categories.create, r.body),
  },
  {
    method: 'PUT',
    url: '/api/blog/categories/order',
    call: (caller, r) => callUnchecked(caller.blog.categories.reorder, r.body),
  },
  {
    method: 'PUT',
    url: '/api/blog/categories/:slug',
    call: (caller, r) => callUnchecked(caller.blog.categories.update, { slug: slugParam(r), data: r.body }),
  },
  {
    method: 'POST',
    url: '/api/blog/categories/:slug/merge',
    call: (caller, r) =>
      callUnchecked(caller.blog.categories.merge, { ...(r.body as object | null), slug: slugParam(r) }),
  },
  {
    method: 'DELETE',
    url: '/api/blog/categories/:slug',
    status: 204,
    call: (caller, r) => callUnchecked(caller.blog.categories.delete, { slug: slugParam(r), moveTo: r.query.moveTo }),
  },
];

/**
 * Comments (src/server/comments): the thread as the request's signed-in reader sees it (never kept: it depends on
 * the session cookie), the reader's writes, and the admin's moderation.
 */
const commentRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/comments',
    call: (caller, r) =>
      callUnchecked(caller.comments.thread, { targetKind: r.query.targetKind, targetId: r.query.targetId }),
  },
  {
    method: 'POST',
    url: '/api/comments/sign-in',
    call: (caller, r) => callUnchecked(caller.comments.requestSignIn, r.body),
  },
  { method: 'GET', url: '/api/comments/me', call: (caller) => caller.comments.me() },
  { method: 'PUT', url: '/api/comments/me', call: (caller, r) => callUnchecked(caller.comments.setName, r.body) },
  {
    method: 'POST',
    url: '/api/comments',
    status: 201,
    call: (caller, r) => callUnchecked(caller.comments.post, r.body),
  },
  {
    method: 'PUT',
    url: '/api/comments/:id',
    call: (caller, r) => callUnchecked(caller.comments.edit, { ...(r.body as object | null), id: id(r) }),
  },
  {
    method: 'DELETE',
    url: '/api/comments/:id',
    status: 204,
    call: (caller, r) => caller.comments.remove({ id: id(r) }),
  },
  { method: 'POST', url: '/api/comments/:id/report', call: (caller, r) => caller.comments.report({ id: id(r) }) },
  {
    method: 'GET',
    url: '/api/admin/comments',
    call: (caller, r) =>
      callUnchecked(caller.comments.queue, {
        status: r.query.status,
        reported: r.query.reported === undefined ? undefined : r.query.reported === 'true' || r.query.reported === '1',
        targetKind: r.query.targetKind,
        targetId: r.query.targetId,
        limit: numberParam(r.query.limit),
      }),
  },
  {
    method: 'POST',
    url: '/api/admin/comments/:id/moderate',
    call: (caller, r) => callUnchecked(caller.comments.moderate, { ...(r.body as object | null), id: id(r) }),
  },
  { method: 'GET', url: '/api/admin/comments/settings', call: (caller) => caller.comments.settings() },
  { method: 'GET', url: '/api/admin/comments/targets', call: (caller) => caller.comments.targets() },
  {
    method: 'PUT',
    url: '/api/admin/comments/settings',
    call: (caller, r) => callUnchecked(caller.comments.updateSettings, r.body),
  },
  {
    method: 'PUT',
    url: '/api/admin/comments/targets/:kind/:id',
    call: (caller, r) =>
      callUnchecked(caller.comments.setTargetOff, {
        ...(r.body as object | null),
        targetKind: r.params.kind,
        targetId: id(r),
      }),
  },
  { method: 'GET', url: '/api/admin/fediverse/blocks', call: (caller) => caller.fediverse.blocks() },
  {
    method: 'POST',
    url: '/api/admin/fediverse/blocks',
    status: 201,
    call: (caller, r) => callUnchecked(caller.fediverse.block, r.body),
  },
  {
    method: 'DELETE',
    url: '/api/admin/fediverse/blocks',
    status: 204,
    call: (caller, r) => callUnchecked(caller.fediverse.unblock, { target: r.query.target }),
  },
  { method: 'GET', url: '/api/admin/fediverse/move', call: (caller) => caller.fediverse.moveStatus() },
  {
    method: 'POST',
    url: '/api/admin/fediverse/move',
    call: (caller, r) => callUnchecked(caller.fediverse.move, r.body),
  },
  { method: 'DELETE', url: '/api/admin/fediverse/move', call: (caller) => caller.fediverse.cancelMove() },
];

/**
 * The documented /api endpoints (the public content, forms and admin reads, plus by-id reads).
 * Each one only calls a tRPC procedure: validation, auth and rules live in the procedures.
 */
export const restRoutes: RestRoute[] = [
  ...contentRoutes('/api/books', (caller) => caller.books),
  {
    method: 'GET',
    url: '/api/books/by-slug/:slug',
    call: (caller, r) => caller.books.bySlug({ slug: r.params.slug ?? '' }),
    publicReadKey: (r) => `/api/books/by-slug/:slug ${r.params.slug ?? ''}`,
  },
  ...contentRoutes('/api/series', (caller) => caller.series),
  ...contentRoutes('/api/excerpts', (caller) => caller.excerpts),
  {
    method: 'POST',
    url: '/api/excerpts/:id/move',
    call: (caller, r) => {
      const direction = (r.body as { direction?: unknown } | null)?.direction;
      return callUnchecked(caller.excerpts.move, { id: id(r), direction });
    },
  },
  ...contentRoutes('/api/blog', (caller) => caller.blog, listQuery(['category', 'tag'])),
  {
    method: 'GET',
    url: '/api/blog/tags',
    call: (caller) => caller.blog.tags(),
    publicReadKey: () => '/api/blog/tags',
  },
  {
    method: 'GET',
    url: '/api/blog/tags/:slug',
    call: (caller, r) => caller.blog.tag({ slug: r.params.slug ?? '' }),
    publicReadKey: (r) => `/api/blog/tags/:slug ${r.params.slug ?? ''}`,
  },
  ...blogCategoryRoutes,
  ...sitePageRoutes,
  ...contentRoutes('/api/art', (caller) => caller.art),
  ...contentRoutes('/api/playlists', (caller) => caller.playlists),
  {
    // Not kept between requests like other public reads: every query is its own.
    method: 'GET',
    url: '/api/search',
    // The documented titleHtml and snippetHtml are made here, beside the segments the site renders.
    call: async (caller, r) =>
      withMarkedHtml(
        (await callUnchecked(caller.search.results, { q: r.query.q, limit: r.query.limit })) as SearchAnswer,
      ),
    headers: { 'x-robots-tag': 'noindex' },
  },
  { method: 'GET', url: '/api/site', call: (caller) => caller.site.settings(), publicReadKey: () => '/api/site' },
  {
    method: 'GET',
    url: '/api/newsletter/archive',
    call: (caller, r) => callUnchecked(caller.newsletterArchive.list, listQuery()(r)),
    publicReadKey: (r) => `/api/newsletter/archive ${JSON.stringify(listQuery()(r)) ?? ''}`,
  },
  {
    method: 'GET',
    url: '/api/newsletter/archive/:id',
    call: (caller, r) => callUnchecked(caller.newsletterArchive.issue, { id: id(r), key: r.query.key }),
  },
  { method: 'PUT', url: '/api/admin/site', call: (caller, r) => callUnchecked(caller.site.update, r.body) },
  { method: 'POST', url: '/api/contact', status: 201, call: (caller, r) => callUnchecked(caller.contact.send, r.body) },
  {
    method: 'POST',
    url: '/api/newsletter',
    status: 201,
    call: (caller, r) => callUnchecked(caller.newsletter.subscribe, r.body),
  },
  {
    method: 'POST',
    url: '/api/preorders',
    status: 201,
    call: (caller, r) => callUnchecked(caller.preorders.create, r.body),
  },
  { method: 'POST', url: '/api/admin/login', call: (caller, r) => callUnchecked(caller.admin.login, r.body) },
  { method: 'POST', url: '/api/admin/logout', status: 204, call: (caller) => caller.admin.logout() },
  { method: 'GET', url: '/api/admin/verify', call: (caller) => caller.admin.verify() },
  {
    method: 'GET',
    url: '/api/admin/stats',
    call: (caller, r) => callUnchecked(caller.analytics.stats, { from: r.query.from, to: r.query.to }),
  },
  {
    method: 'GET',
    url: '/api/admin/contact',
    paged: true,
    call: (caller, r) => callUnchecked(caller.admin.contactSubmissions, pageParams(r)),
  },
  {
    method: 'GET',
    url: '/api/admin/newsletter',
    paged: true,
    call: (caller, r) =>
      callUnchecked(caller.admin.newsletterSubscriptions, {
        ...pageParams(r),
        search: r.query.search,
        status: r.query.status,
        interest: r.query.interest,
        source: r.query.source,
        state: r.query.state,
        engaged: r.query.engaged,
        signedUpFrom: r.query.signedUpFrom,
        signedUpTo: r.query.signedUpTo,
      }),
  },
  { method: 'GET', url: '/api/admin/newsletter/:id', call: (caller, r) => caller.admin.subscriber({ id: id(r) }) },
  {
    method: 'PUT',
    url: '/api/admin/newsletter/:id',
    call: (caller, r) => callUnchecked(caller.admin.updateSubscriber, { ...(r.body as object | null), id: id(r) }),
  },
  {
    method: 'POST',
    url: '/api/admin/newsletter/bulk',
    call: (caller, r) => callUnchecked(caller.admin.bulkSubscribers, r.body),
  },
  {
    method: 'GET',
    url: '/api/admin/preorders',
    paged: true,
    call: (caller, r) => callUnchecked(caller.admin.preorders, pageParams(r)),
  },
  {
    method: 'GET',
    url: '/api/admin/orders',
    paged: true,
    call: (caller, r) =>
      callUnchecked(caller.sales.orders, { ...pageParams(r), search: r.query.search, state: r.query.state }),
  },
  {
    method: 'GET',
    url: '/api/admin/sales/figures',
    call: (caller, r) => callUnchecked(caller.sales.figures, { from: r.query.from, to: r.query.to }),
  },
  ...arcRoutes,
  {
    method: 'DELETE',
    url: '/api/admin/contact/:id',
    status: 204,
    call: (caller, r) => caller.admin.deleteContactSubmission({ id: id(r) }),
  },
  {
    method: 'DELETE',
    url: '/api/admin/newsletter/:id',
    status: 204,
    call: (caller, r) => caller.admin.deleteNewsletterSubscription({ id: id(r) }),
  },
  {
    method: 'DELETE',
    url: '/api/admin/preorders/:id',
    status: 204,
    call: (caller, r) => caller.admin.deletePreorder({ id: id(r) }),
  },
  {
    method: 'POST',
    url: '/api/admin/change-password',
    call: (caller, r) => callUnchecked(caller.admin.changePassword, r.body),
  },
  ...newsletterIssueRoutes,
  { method: 'GET', url: '/api/admin/backups/latest', call: (caller) => caller.maintenance.backupStatus() },
  {
    method: 'GET',
    url: '/api/admin/uploads/unreferenced',
    paged: true,
    call: (caller, r) => callUnchecked(caller.maintenance.unreferencedUploads, pageParams(r)),
  },
  {
    method: 'POST',
    url: '/api/admin/uploads/unreferenced/remove',
    call: (caller, r) => callUnchecked(caller.maintenance.removeUnreferencedUploads, r.body),
  },
  {
    method: 'GET',
    url: '/api/admin/suppressions',
    call: (caller, r) =>
      callUnchecked(caller.suppressions.list, {
        search: r.query.search ?? '',
        offset: r.query.offset === undefined ? 0 : Number(r.query.offset),
      }),
  },
  {
    method: 'POST',
    url: '/api/admin/suppressions',
    status: 201,
    call: (caller, r) => callUnchecked(caller.suppressions.add, r.body),
  },
  {
    method: 'POST',
    url: '/api/admin/suppressions/remove',
    call: (caller, r) => callUnchecked(caller.suppressions.remove, r.body),
  },
  {
    method: 'GET',
    url: '/api/admin/mail/sender-check',
    call: (caller, r) => caller.senderCheck.check({ fresh: r.query.fresh === '1' || r.query.fresh === 'true' }),
  },
  { method: 'GET', url: '/api/admin/mail/dkim', call: (caller) => caller.senderCheck.dkimKey() },
  {
    method: 'POST',
    url: '/api/admin/mail/dkim',
    status: 201,
    call: (caller, r) => callUnchecked(caller.senderCheck.generateDkimKey, r.body),
  },
  ...commentRoutes,
];

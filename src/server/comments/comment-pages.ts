import fastifyFormbody from '@fastify/formbody';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  COMMENT_DELETE_PATH,
  COMMENT_EDIT_PATH,
  COMMENT_NAME_PATH,
  COMMENT_POST_PATH,
  COMMENT_REPORT_PATH,
  COMMENT_SIGN_IN_LIFETIME_MINUTES,
  COMMENT_SIGN_IN_PATH,
  COMMENT_SESSION_COOKIE,
  COMMENT_SESSION_DAYS,
  COMMENT_SIGN_OUT_PATH,
  COMMENTS_ANCHOR,
  DISPLAY_NAME_MAX_LENGTH,
  isCommentPagePath,
} from '../../domain/comments.js';
import { FORM_POST_BODY_LIMIT } from '../../domain/form-posts.js';
import {
  escapeHtml,
  type NoticePage,
  type NoticePageStyles,
  sendNoticePage,
  tokenOf,
} from '../newsletter/notice-page.js';
import { isSameSitePost } from '../site/forms/form-origin.js';
import { messageOf } from '../site/http/procedure-errors.js';
import { retryLaterOf } from '../site/rate-limit/retry-later.js';
import { limitPagesPerAddress } from '../site/rate-limit/page-limit.js';
import { createCaller } from '../trpc/app-router.js';
import { createRequestContext } from '../trpc/context.js';
import type { AppServices } from '../services.js';
import { COMMENT_SESSION_COOKIE_OPTIONS } from './comment-sessions.js';
import { findCommentSignIn, findReaderBySubscription } from './comment-readers-repository.js';

type Fields = Record<string, unknown>;

const STYLE = `<style>
  label { display: block; margin: 0 0 0.4rem; font-weight: 600; }
  input[type=email], input[type=text] { font: inherit; width: 100%; box-sizing: border-box; padding: 0.6rem 0.75rem;
    margin: 0 0 1rem; background: #0e0c0b; color: #eadfc8; border: 1px solid #6b5d55; border-radius: 6px; }
</style>`;

const returnOf = (value: unknown): string => (typeof value === 'string' && isCommentPagePath(value) ? value : '/');
const backTo = (path: string) => (path === '/' ? '/' : `${path}#${COMMENTS_ANCHOR}`);

const signInForm = (returnPath: string, email = '') => `${STYLE}
  <form method="post" action="${COMMENT_SIGN_IN_PATH}">
    <input type="hidden" name="return" value="${escapeHtml(returnPath)}">
    <label for="comment-email">Your email</label>
    <input id="comment-email" type="email" name="email" required autocomplete="email" value="${escapeHtml(email)}">
    <button type="submit">Email me a sign-in link</button>
  </form>`;

const signInPage = (returnPath: string, paragraph?: string): NoticePage => ({
  title: 'Sign in to comment',
  heading: 'Sign in to comment',
  paragraphs: [
    paragraph ??
      'Comments are written by the newsletter’s confirmed subscribers. Enter the email you subscribed with: a sign-in link arrives in a minute.',
  ],
  html: signInForm(returnPath),
  link: { href: backTo(returnPath), text: 'Back' },
});

const namePage = (returnPath: string, name = '', problem?: string): NoticePage => ({
  title: 'Your name',
  heading: 'The name shown with your comments',
  paragraphs: [problem ?? 'Choose the name readers see beside your comments. You can change it later.'],
  html: `${STYLE}<form method="post" action="${COMMENT_NAME_PATH}">
    <input type="hidden" name="return" value="${escapeHtml(returnPath)}">
    <label for="comment-name">Name</label>
    <input id="comment-name" type="text" name="displayName" required maxlength="${DISPLAY_NAME_MAX_LENGTH}" value="${escapeHtml(name)}">
    <button type="submit">Save and go back</button>
  </form>`,
});

/** What every commenters' page needs: the services and the notice page (never cached). */
type CommentPages = {
  services: AppServices;
  page: (reply: FastifyReply, status: number, notice: NoticePage) => FastifyReply;
};

type Caller = ReturnType<typeof createCaller>;
type ReturnQuery = { Querystring: { return?: string } };

/**
 * A comment form posted by a browser: the procedure it calls (which answers where to go next) and, when
 * refused, the page to show instead of the general "not sent" one.
 */
type FormPost = {
  path: string;
  run: (caller: Caller, fields: Fields) => Promise<string>;
  refused?: (fields: Fields, message: string) => NoticePage;
};

const callerOf = (services: AppServices, request: FastifyRequest) =>
  createCaller(createRequestContext(services, request));
const noStoreRedirect = (reply: FastifyReply, to: string) =>
  reply.header('cache-control', 'no-store').redirect(to, 303);
const atComment = (answer: { path: string; id: string }) => `${answer.path}#comment-${answer.id}`;

const FORM_POSTS: FormPost[] = [
  {
    path: COMMENT_SIGN_IN_PATH,
    run: async (caller, fields) => {
      await caller.comments.requestSignIn({ email: fields.email as string, return: fields.return as string });
      return `${COMMENT_SIGN_IN_PATH}/sent?return=${encodeURIComponent(returnOf(fields.return))}`;
    },
    refused: (fields, message) => signInPage(returnOf(fields.return), message),
  },
  {
    path: COMMENT_NAME_PATH,
    run: async (caller, fields) => {
      await caller.comments.setName({ displayName: fields.displayName as string });
      return backTo(returnOf(fields.return));
    },
    refused: (fields, message) =>
      namePage(returnOf(fields.return), typeof fields.displayName === 'string' ? fields.displayName : '', message),
  },
  {
    path: COMMENT_POST_PATH,
    run: async (caller, fields) =>
      atComment(
        await caller.comments.post({
          targetKind: fields.targetKind as 'post',
          targetId: fields.targetId as string,
          parentId: fields.parentId as string | undefined,
          body: fields.body as string,
          spoiler: fields.spoiler as 'on' | undefined,
        }),
      ),
  },
  {
    path: COMMENT_EDIT_PATH,
    run: async (caller, fields) =>
      atComment(
        await caller.comments.edit({
          id: fields.id as string,
          body: fields.body as string,
          spoiler: fields.spoiler as 'on' | undefined,
        }),
      ),
  },
  {
    path: COMMENT_DELETE_PATH,
    run: async (caller, fields) => backTo((await caller.comments.remove({ id: fields.id as string })).path),
  },
  {
    path: COMMENT_REPORT_PATH,
    run: async (caller, fields) => atComment(await caller.comments.report({ id: fields.id as string })),
  },
];

/** `/comments/sign-in`: the form, or (with a token) the emailed link that signs the reader in. */
async function signInPageOrLink(
  { services, page }: CommentPages,
  request: FastifyRequest<ReturnQuery>,
  reply: FastifyReply,
) {
  const token = tokenOf(request);
  const returnPath = returnOf(request.query.return);
  if (token === undefined) return page(reply, 200, signInPage(returnPath));
  const check = services.commentSessions.checkSignInToken(token);
  const signIn = check.ok ? await findCommentSignIn(services.db, check.claim.signInId) : undefined;
  if (!signIn)
    return page(
      reply,
      check.ok || check.reason === 'invalid' ? 400 : 410,
      signInPage('/', 'This sign-in link is not valid any more (they work for an hour). Ask for a new one:'),
    );
  const secure = (services.publicOrigin ?? `${request.protocol}:`).startsWith('https:');
  reply.setCookie(COMMENT_SESSION_COOKIE, services.commentSessions.sessionToken(signIn.subscriptionId), {
    ...COMMENT_SESSION_COOKIE_OPTIONS,
    maxAge: COMMENT_SESSION_DAYS * 86_400,
    secure,
  });
  const reader = await findReaderBySubscription(services.db, signIn.subscriptionId);
  const next = reader
    ? backTo(signIn.returnPath)
    : `${COMMENT_NAME_PATH}?return=${encodeURIComponent(signIn.returnPath)}`;
  return noStoreRedirect(reply, next);
}

/** `/comments/name`: the signed-in reader's name form (or the sign-in page when signed out). */
async function showNamePage(
  { services, page }: CommentPages,
  request: FastifyRequest<ReturnQuery>,
  reply: FastifyReply,
) {
  const returnPath = returnOf(request.query.return);
  try {
    const me = await callerOf(services, request).comments.me();
    return page(reply, 200, namePage(returnPath, me.displayName ?? ''));
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return page(reply, 401, signInPage(returnPath));
    throw error;
  }
}

/** `/comments/sign-in/sent`: the answer to the sign-in form, the same whoever asked. */
const signInSentPage = ({ page }: CommentPages, request: FastifyRequest<ReturnQuery>, reply: FastifyReply) =>
  page(reply, 200, {
    title: 'Check your inbox',
    heading: 'Check your inbox',
    paragraphs: [
      `If that address is a confirmed subscriber’s, a sign-in link is on its way. It works for ${COMMENT_SIGN_IN_LIFETIME_MINUTES} minutes.`,
    ],
    link: { href: backTo(returnOf(request.query.return)), text: 'Back to the page' },
  });

/** A form from another site is refused before its body is read. */
async function refuseOtherSites({ services, page }: CommentPages, request: FastifyRequest, reply: FastifyReply) {
  if (!isSameSitePost(request, services.publicOrigin))
    return page(reply, 403, {
      title: 'Refused',
      heading: 'Forms are accepted from this site only',
      paragraphs: ['Open the page on this site and send the form from there.'],
    });
}

/** Runs a post's procedure and goes on (303); a refusal is answered with a page naming why and the way back. */
async function posted(
  { services, page }: CommentPages,
  { run, refused }: FormPost,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const fields = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Fields;
  try {
    return noStoreRedirect(reply, await run(callerOf(services, request), fields));
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) throw error;
    const retryLater = retryLaterOf(error);
    if (retryLater) reply.header('retry-after', String(retryLater.retryAfterSeconds));
    const message = messageOf(error);
    const returnPath = returnOf(fields.return);
    if (error.code === 'UNAUTHORIZED') return page(reply, 401, signInPage(returnPath, message));
    return page(
      reply,
      status,
      refused?.(fields, message) ?? {
        title: 'Not sent',
        heading: 'Your comment was not sent',
        paragraphs: [message],
        link: { href: backTo(returnPath), text: 'Back to the comments' },
      },
    );
  }
}

/** `POST /comments/sign-out`: forgets the session cookie and goes back. */
const signOut = (request: FastifyRequest, reply: FastifyReply) =>
  noStoreRedirect(
    reply.clearCookie(COMMENT_SESSION_COOKIE, COMMENT_SESSION_COOKIE_OPTIONS),
    backTo(returnOf(((request.body ?? {}) as Fields).return)),
  );

/**
 * The commenters' pages and the comment forms posted by browsers (with or without JavaScript): sign-in by
 * an emailed link (`/comments/sign-in`), the name (`/comments/name`), and `POST /comments`, `/comments/edit`,
 * `/comments/delete`, `/comments/report`, `/comments/sign-out`. Each post calls the `comments.*` procedure the
 * JSON API calls, then goes back (303) to the item's comments; a refusal is a page saying why, with a way back.
 */
export async function registerCommentPages(
  app: FastifyInstance,
  services: AppServices,
  styles?: NoticePageStyles,
): Promise<void> {
  const page = (reply: FastifyReply, status: number, notice: NoticePage) =>
    sendNoticePage(reply.header('cache-control', 'no-store'), status, notice, styles);
  const pages: CommentPages = { services, page };
  const limited = limitPagesPerAddress(services.limiters.publicRead, styles);

  app.get<ReturnQuery>(COMMENT_SIGN_IN_PATH, { preHandler: limited }, (request, reply) =>
    signInPageOrLink(pages, request, reply),
  );
  app.get<ReturnQuery>(COMMENT_NAME_PATH, { preHandler: limited }, (request, reply) =>
    showNamePage(pages, request, reply),
  );
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyFormbody, { bodyLimit: FORM_POST_BODY_LIMIT });
    scope.addHook('onRequest', (request, reply) => refuseOtherSites(pages, request, reply));
    for (const form of FORM_POSTS)
      scope.post(form.path, { preHandler: limited }, (request, reply) => posted(pages, form, request, reply));
    scope.post(COMMENT_SIGN_OUT_PATH, { preHandler: limited }, signOut);
  });
  app.get<ReturnQuery>(`${COMMENT_SIGN_IN_PATH}/sent`, { preHandler: limited }, (request, reply) =>
    signInSentPage(pages, request, reply),
  );
}

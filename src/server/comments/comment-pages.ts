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
import { TOO_MANY_REQUESTS } from '../site/rate-limit/request-limits.js';
import { perAddressLimit } from '../site/rate-limit/per-address-limit.js';
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
  const limited = perAddressLimit(services.limiters.publicRead, (reply) =>
    page(reply, 429, { title: 'Too many requests', heading: 'Too many requests', paragraphs: [TOO_MANY_REQUESTS] }),
  );
  const callerOf = (request: FastifyRequest) => createCaller(createRequestContext(services, request));
  const secure = (request: FastifyRequest) => (services.publicOrigin ?? `${request.protocol}:`).startsWith('https:');

  app.get<{ Querystring: { return?: string } }>(
    COMMENT_SIGN_IN_PATH,
    { preHandler: limited },
    async (request, reply) => {
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
      reply.setCookie(COMMENT_SESSION_COOKIE, services.commentSessions.sessionToken(signIn.subscriptionId), {
        ...COMMENT_SESSION_COOKIE_OPTIONS,
        maxAge: COMMENT_SESSION_DAYS * 86_400,
        secure: secure(request),
      });
      const reader = await findReaderBySubscription(services.db, signIn.subscriptionId);
      const next = reader
        ? backTo(signIn.returnPath)
        : `${COMMENT_NAME_PATH}?return=${encodeURIComponent(signIn.returnPath)}`;
      return reply.header('cache-control', 'no-store').redirect(next, 303);
    },
  );

  app.get<{ Querystring: { return?: string } }>(COMMENT_NAME_PATH, { preHandler: limited }, async (request, reply) => {
    const returnPath = returnOf(request.query.return);
    try {
      const me = await callerOf(request).comments.me();
      return page(reply, 200, namePage(returnPath, me.displayName ?? ''));
    } catch (error) {
      if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return page(reply, 401, signInPage(returnPath));
      throw error;
    }
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyFormbody, { bodyLimit: FORM_POST_BODY_LIMIT });
    scope.addHook('onRequest', async (request, reply) => {
      if (!isSameSitePost(request, services.publicOrigin))
        return page(reply, 403, {
          title: 'Refused',
          heading: 'Forms are accepted from this site only',
          paragraphs: ['Open the page on this site and send the form from there.'],
        });
    });

    /** Runs a post's procedure; a refusal is answered with a page naming why and the way back. */
    async function posted(
      request: FastifyRequest,
      reply: FastifyReply,
      run: (fields: Fields) => Promise<string>,
      refused?: (fields: Fields, message: string, status: number) => NoticePage,
    ) {
      const fields = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Fields;
      try {
        return reply.header('cache-control', 'no-store').redirect(await run(fields), 303);
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
          refused?.(fields, message, status) ?? {
            title: 'Not sent',
            heading: 'Your comment was not sent',
            paragraphs: [message],
            link: { href: backTo(returnPath), text: 'Back to the comments' },
          },
        );
      }
    }

    scope.post(COMMENT_SIGN_IN_PATH, (request, reply) =>
      posted(
        request,
        reply,
        async (fields) => {
          await callerOf(request).comments.requestSignIn({
            email: fields.email as string,
            return: fields.return as string,
          });
          return `${COMMENT_SIGN_IN_PATH}/sent?return=${encodeURIComponent(returnOf(fields.return))}`;
        },
        (fields, message) => signInPage(returnOf(fields.return), message),
      ),
    );

    scope.post(COMMENT_NAME_PATH, (request, reply) =>
      posted(
        request,
        reply,
        async (fields) => {
          await callerOf(request).comments.setName({ displayName: fields.displayName as string });
          return backTo(returnOf(fields.return));
        },
        (fields, message) =>
          namePage(returnOf(fields.return), typeof fields.displayName === 'string' ? fields.displayName : '', message),
      ),
    );

    scope.post(COMMENT_POST_PATH, (request, reply) =>
      posted(request, reply, async (fields) => {
        const answer = await callerOf(request).comments.post({
          targetKind: fields.targetKind as 'post',
          targetId: fields.targetId as string,
          parentId: fields.parentId as string | undefined,
          body: fields.body as string,
          spoiler: fields.spoiler as 'on' | undefined,
        });
        return `${answer.path}#comment-${answer.id}`;
      }),
    );

    scope.post(COMMENT_EDIT_PATH, (request, reply) =>
      posted(request, reply, async (fields) => {
        const answer = await callerOf(request).comments.edit({
          id: fields.id as string,
          body: fields.body as string,
          spoiler: fields.spoiler as 'on' | undefined,
        });
        return `${answer.path}#comment-${answer.id}`;
      }),
    );

    scope.post(COMMENT_DELETE_PATH, (request, reply) =>
      posted(request, reply, async (fields) => {
        const answer = await callerOf(request).comments.remove({ id: fields.id as string });
        return backTo(answer.path);
      }),
    );

    scope.post(COMMENT_REPORT_PATH, (request, reply) =>
      posted(request, reply, async (fields) => {
        const answer = await callerOf(request).comments.report({ id: fields.id as string });
        return `${answer.path}#comment-${answer.id}`;
      }),
    );

    scope.post(COMMENT_SIGN_OUT_PATH, async (request, reply) => {
      const fields = (request.body ?? {}) as Fields;
      return reply
        .clearCookie(COMMENT_SESSION_COOKIE, COMMENT_SESSION_COOKIE_OPTIONS)
        .header('cache-control', 'no-store')
        .redirect(backTo(returnOf(fields.return)), 303);
    });
  });

  app.get<{ Querystring: { return?: string } }>(
    `${COMMENT_SIGN_IN_PATH}/sent`,
    { preHandler: limited },
    (request, reply) =>
      page(reply, 200, {
        title: 'Check your inbox',
        heading: 'Check your inbox',
        paragraphs: [
          `If that address is a confirmed subscriber’s, a sign-in link is on its way. It works for ${COMMENT_SIGN_IN_LIFETIME_MINUTES} minutes.`,
        ],
        link: { href: backTo(returnOf(request.query.return)), text: 'Back to the page' },
      }),
  );
}

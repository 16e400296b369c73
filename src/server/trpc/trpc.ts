import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { itemsAfter, UNKNOWN_CURSOR } from '../../domain/paging.js';
import type { KeyRefusal } from '../auth/admin-auth.js';
import { ADMIN_KEY_REQUIRED, INVALID_ADMIN_KEY, TOO_MANY_FAILED_ATTEMPTS } from '../auth/admin-key.js';
import { jsonSizeUpTo } from './answer-size.js';
import type { RateLimiter } from '../site/rate-limit/rate-limiter.js';
import { consumeLimit, SEARCH_COST_UNIT_MS, TOO_MANY_REQUESTS } from '../site/rate-limit/request-limits.js';
import { limitKeyOf } from '../site/rate-limit/address-group.js';
import { RetryLater } from '../site/rate-limit/retry-later.js';
import { messageOf } from '../site/http/procedure-errors.js';
import type { RequestContext } from './context.js';
import { signedInCommenter } from '../comments/comment-actions.js';
import { COMMENT_MESSAGES } from '../../domain/comments.js';

const t = initTRPC.context<RequestContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const fieldErrors =
      error.cause instanceof ZodError
        ? Object.fromEntries(error.cause.issues.map((issue) => [issue.path.join('.'), issue.message]))
        : undefined;
    return { ...shape, message: messageOf(error), data: { ...shape.data, stack: undefined, fieldErrors } };
  },
});

export const router = t.router;

/**
 * How much one procedure's answer (`perCall`) and all the answers of one HTTP request (`perRequest`, a batch) may
 * weigh, in characters of JSON (answer-size.ts): a public list answers a page at a time, so only a call asking for
 * far too much, or a batch of many big pages, meets them.
 */
export type AnswerLimits = { perCall: number; perRequest: number };
const MIB = 1024 * 1024;
const PUBLIC_ANSWER_LIMITS: AnswerLimits = { perCall: 1 * MIB, perRequest: 2 * MIB };
/** The author's lists (every post's card, the import summary) are bigger; the admin key is needed to ask. */
const ADMIN_ANSWER_LIMITS: AnswerLimits = { perCall: 32 * MIB, perRequest: 32 * MIB };
export const ANSWER_TOO_LARGE = 'This answer would be too large: ask for fewer items (a smaller limit)';
export const BATCH_TOO_LARGE = 'The answers of this request would be too large: send fewer calls at once';

/**
 * Weighs each answer before it is serialised and counts it against the request's total: an answer or a batch over
 * its limit is refused with 413 (PAYLOAD_TOO_LARGE; the adapter sends 413 for the whole request) and never sent.
 */
function boundedAnswers(limits: AnswerLimits) {
  return t.middleware(async ({ ctx, next }) => {
    const result = await next();
    if (!result.ok) return result;
    const left = Math.max(0, limits.perRequest - ctx.perRequest.answerSize);
    const size = jsonSizeUpTo(result.data, Math.min(limits.perCall, left));
    if (size > limits.perCall) throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: ANSWER_TOO_LARGE });
    if (size > left) throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: BATCH_TOO_LARGE });
    ctx.perRequest.answerSize += size;
    return result;
  });
}

/** Every procedure but the admin's: its answers bounded by PUBLIC_ANSWER_LIMITS. */
const boundedProcedure = t.procedure.use(boundedAnswers(PUBLIC_ANSWER_LIMITS));
export const createCallerFactory = t.createCallerFactory;

/** 429 with the time to wait, which the HTTP adapters send as Retry-After. */
function tooManyRequests(message: string, retryAfterMs: number): TRPCError {
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message, cause: new RetryLater(message, retryAfterMs) });
}

function limitedBy(pick: (ctx: RequestContext) => RateLimiter | null) {
  return t.middleware(async ({ ctx, next }) => {
    const decision = await consumeLimit(pick(ctx), ctx.clientAddress);
    if (!decision.allowed) throw tooManyRequests(TOO_MANY_REQUESTS, decision.retryAfterMs);
    return next();
  });
}

/** Public reads, limited per address (lifted by RATE_LIMITS=off). */
export const publicProcedure = boundedProcedure.use(limitedBy((ctx) => ctx.limiters.publicRead));

/**
 * A signed-in commenter's writes (src/server/comments): limited per address (commentWrite), then the session
 * cookie must name an active subscription; `ctx.commenter` carries it and its reader row (null until a name is chosen).
 */
export const commenterProcedure = boundedProcedure
  .use(limitedBy((ctx) => ctx.limiters.commentWrite))
  .use(async ({ ctx, next }) => {
    const commenter = await signedInCommenter(ctx);
    if (!commenter) throw new TRPCError({ code: 'UNAUTHORIZED', message: COMMENT_MESSAGES.signIn });
    return next({ ctx: { ...ctx, commenter } });
  });

/** A commenter's new comment: also limited per reader, from any address (commentReader, keyed by the reader). */
export const commentPostProcedure = commenterProcedure.use(async ({ ctx, next }) => {
  const limiter = ctx.limiters.commentReader;
  const readerId = ctx.commenter.reader?.id;
  if (limiter && readerId) {
    const decision = await limiter.take(`reader:${readerId}`);
    if (!decision.allowed) throw tooManyRequests(TOO_MANY_REQUESTS, decision.retryAfterMs);
  }
  return next();
});

/** Public form submissions (contact, newsletter, preorder): a tighter per-address limit. */
export const formProcedure = boundedProcedure.use(limitedBy((ctx) => ctx.limiters.formWrite));

export const MAX_SEARCHES_PER_REQUEST = 2;
export const TOO_MANY_SEARCHES_PER_REQUEST = `Send at most ${MAX_SEARCHES_PER_REQUEST} searches per request`;
/** What a search refused for a full queue is told to wait. */
const SEARCH_BUSY_RETRY_MS = 1_000;
/** The most units one search is charged, however long it ran (a stalled database is not the reader's doing). */
const MAX_SEARCH_COST_UNITS = 30;

/**
 * Site search, the one public read whose cost depends on its input: at most MAX_SEARCHES_PER_REQUEST
 * per HTTP request (a tRPC batch), run in turn through the process's WorkGate, and charged to the
 * address's searchCost limit by its own time (one unit per started SEARCH_COST_UNIT_MS), on top of
 * the public read limit. A search goes ahead only while the address has a unit left.
 */
export const searchProcedure = boundedProcedure
  // Counted first, before any await: a batch's searches are counted in their order in the batch (the read
  // limit's answer comes back in any order from the database on PostgreSQL).
  .use(({ ctx, next }) => {
    ctx.perRequest.searches += 1;
    if (ctx.perRequest.searches > MAX_SEARCHES_PER_REQUEST)
      throw new TRPCError({ code: 'BAD_REQUEST', message: TOO_MANY_SEARCHES_PER_REQUEST });
    return next();
  })
  .use(limitedBy((ctx) => ctx.limiters.publicRead))
  .use(async ({ ctx, next }) => {
    const limiter = ctx.limiters.searchCost;
    const decision = await consumeLimit(limiter, ctx.clientAddress);
    if (!decision.allowed) throw tooManyRequests(TOO_MANY_REQUESTS, decision.retryAfterMs);
    let ranForMs = 0;
    const outcome = await ctx.searchGate.run(limitKeyOf(ctx.clientAddress), async () => {
      const startedAt = performance.now();
      try {
        return await next();
      } finally {
        ranForMs = performance.now() - startedAt;
      }
    });
    const units = Math.min(MAX_SEARCH_COST_UNITS, Math.ceil(ranForMs / SEARCH_COST_UNIT_MS));
    // The first unit was counted before the search; the rest are charged now, whatever the answer.
    if (units > 1) await consumeLimit(limiter, ctx.clientAddress, units - 1);
    if ('refused' in outcome) throw tooManyRequests(TOO_MANY_REQUESTS, SEARCH_BUSY_RETRY_MS);
    return outcome.value;
  });

const LIST_BUSY_RETRY_MS = 1_000;

/**
 * A public read of a page of posts with their text (blog.list): run in turn through the process's listGate, so
 * attackers' batches of such pages, each read and rendered on the request thread, queue there while pages and
 * /healthz are served between them (bench:list-attack).
 */
export const postTextListProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const outcome = await ctx.listGate.run(limitKeyOf(ctx.clientAddress), () => next());
  if ('refused' in outcome) throw tooManyRequests(TOO_MANY_REQUESTS, LIST_BUSY_RETRY_MS);
  return outcome.value;
});

export const ONE_PASSWORD_PER_REQUEST = 'Send one password attempt per request';

/**
 * A procedure that tries a password from its input (login, password change). One per HTTP
 * request, so a tRPC batch cannot carry a list of guesses; the throttle of guesses applies
 * inside AdminAuth.
 */
const onePasswordAttempt = t.middleware(({ ctx, next }) => {
  ctx.perRequest.passwordAttempts += 1;
  if (ctx.perRequest.passwordAttempts > 1)
    throw new TRPCError({ code: 'BAD_REQUEST', message: ONE_PASSWORD_PER_REQUEST });
  return next();
});

export const loginProcedure = boundedProcedure.use(onePasswordAttempt);

/**
 * Requires a valid admin key (session token or password); narrows ctx to carry `admin`. The key
 * is checked once per HTTP request, however many calls a batch carries.
 */
export const adminProcedure = t.procedure.use(boundedAnswers(ADMIN_ANSWER_LIMITS)).use(async ({ ctx, next }) => {
  if (!ctx.adminKey) throw new TRPCError({ code: 'UNAUTHORIZED', message: ADMIN_KEY_REQUIRED });
  ctx.perRequest.keyCheck ??= ctx.auth.checkKey(ctx.adminKey, ctx.clientAddress);
  const check = await ctx.perRequest.keyCheck;
  if (!check.ok) throw authFailure(check);
  return next({ ctx: { ...ctx, admin: check.identity } });
});

/** An admin procedure that also tries a password from its input. */
export const adminPasswordProcedure = adminProcedure.use(onePasswordAttempt);

export function authFailure(refusal: KeyRefusal): TRPCError {
  return refusal.reason === 'throttled'
    ? tooManyRequests(TOO_MANY_FAILED_ATTEMPTS, refusal.retryAfterMs)
    : new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_ADMIN_KEY });
}

/** Admin writes to public content: a successful one clears the public cache. */
export const contentWriteProcedure = adminProcedure.use(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) ctx.cache.clear();
  return result;
});

function notFound(what: string): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
}

/** Returns the value, or throws NOT_FOUND naming the thing. */
export function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw notFound(what);
  return value;
}

/** Items of one page of a list (see domain/paging.ts), or BAD_REQUEST for a cursor that names no item of it. */
export function pageOf<T extends { id: string }>(items: readonly T[], page: { limit: number; cursor?: string }): T[] {
  const slice = itemsAfter(items, page);
  if (!slice) throw new TRPCError({ code: 'BAD_REQUEST', message: UNKNOWN_CURSOR });
  return slice;
}

import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { describeValidationIssues } from '../../domain/errors.js';
import type { FixedWindowLimiter } from '../rate-limit/fixed-window-limiter.js';
import { enforceLimit } from '../rate-limit/request-limits.js';
import type { RequestContext } from './context.js';

/** The human-readable message of any error a procedure threw. */
export function messageOf(error: TRPCError): string {
  if (error.cause instanceof ZodError) return describeValidationIssues(error.cause.issues);
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Something went wrong. Please try again.';
  return error.message;
}

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
export const createCallerFactory = t.createCallerFactory;

function limitedBy(pick: (ctx: RequestContext) => FixedWindowLimiter | null) {
  return t.middleware(({ ctx, next }) => {
    enforceLimit(pick(ctx), ctx.clientAddress);
    return next();
  });
}

/** Public reads, limited per address (lifted by RATE_LIMITS=off). */
export const publicProcedure = t.procedure.use(limitedBy((ctx) => ctx.limiters.publicRead));

/** Public form submissions (contact, newsletter, preorder): a tighter per-address limit. */
export const formProcedure = t.procedure.use(limitedBy((ctx) => ctx.limiters.formWrite));

/** Login: the throttle of failed admin keys applies inside AdminAuth. */
export const loginProcedure = t.procedure;

/** Requires a valid admin key (session token or password); narrows ctx to carry `admin`. */
export const adminProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.adminKey) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Admin key required' });
  const check = await ctx.auth.checkKey(ctx.adminKey, ctx.clientAddress);
  if (!check.ok) throw authFailure(check.reason);
  return next({ ctx: { ...ctx, admin: check.identity } });
});

export function authFailure(reason: 'invalid' | 'throttled'): TRPCError {
  return reason === 'throttled'
    ? new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many failed attempts. Please wait a few minutes and try again.',
      })
    : new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid admin key' });
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

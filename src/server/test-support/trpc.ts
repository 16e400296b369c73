import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { afterAll, beforeAll, expect } from 'vitest';
import { messageOf } from '../site/http/procedure-errors.js';
import { FAST_WRONG_KEY, freshAddress } from './http.js';
import { openAdminSession } from './sessions.js';
import { createTestApp, type TestApp } from './test-app.js';

export type Caller = ReturnType<TestApp['publicCaller']>;

export type CallerContext = {
  t: TestApp;
  /** Sends an admin session token as its key. */
  admin: Caller;
  /** Sends no key. */
  visitor: Caller;
  /** A caller with a (fast-failing) wrong key, from an address of its own: each failure counts. */
  wrongKey: () => Caller;
};

/** One app per describe block (or file), with callers for the usual roles. */
export function useCallers(env: Record<string, string | undefined> = {}): CallerContext {
  const context = {} as CallerContext;
  beforeAll(async () => {
    context.t = await createTestApp(env);
    context.admin = context.t.callerWithKey(await openAdminSession(context.t.services));
    context.visitor = context.t.publicCaller();
    context.wrongKey = () => context.t.callerWithKey(FAST_WRONG_KEY, freshAddress());
  });
  afterAll(async () => {
    await context.t?.close();
  });
  return context;
}

/** Awaits a call that must fail with this tRPC code (and human message, when given); returns the error. */
export async function expectTRPCError(
  call: Promise<unknown>,
  code: TRPC_ERROR_CODE_KEY,
  message?: string | RegExp,
): Promise<TRPCError> {
  const error = await call.then(
    (value) => {
      throw new Error(`expected ${code}, but the call succeeded with ${JSON.stringify(value)}`);
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const trpcError = error as TRPCError;
  expect(trpcError.code, messageOf(trpcError)).toBe(code);
  if (typeof message === 'string') expect(messageOf(trpcError)).toBe(message);
  else if (message) expect(messageOf(trpcError)).toMatch(message);
  return trpcError;
}

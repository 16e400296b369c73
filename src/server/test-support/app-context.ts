import { afterAll, beforeAll } from 'vitest';
import { openAdminSession } from './sessions.js';
import { createTestApp, type TestApp } from './test-app.js';

export type AppContext = {
  /** The app of the enclosing describe block (set in beforeAll). */
  t: TestApp;
  /** An admin session token, so requests do not pay scrypt for the password. */
  token: string;
};

/**
 * One app shared by the tests of a describe block (or file), with an admin session: created
 * in beforeAll, closed in afterAll. Read its fields inside tests and hooks, not at collection time.
 */
export function useTestApp(
  env: Record<string, string | undefined> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): AppContext {
  const context = {} as AppContext;
  beforeAll(async () => {
    context.t = await createTestApp(env, options);
    context.token = await openAdminSession(context.t.services);
  });
  afterAll(async () => {
    await context.t?.close();
  });
  return context;
}

import { openAdminSession } from './sessions.js';
import { createScratchPostgresDatabase } from './test-database.js';
import { createTestApp, type TestApp } from './test-app.js';

export type TwoInstances = {
  /** Each has its own process state and DATA_DIR, as two servers behind a load balancer. */
  a: TestApp;
  b: TestApp;
  /** An admin session opened through A. */
  token: string;
  close: () => Promise<void>;
};

/** Two app instances on one new scratch PostgreSQL database (`env` for both); close() stops both and drops it. */
export async function startTwoInstancesOnOneDatabase(env: Record<string, string> = {}): Promise<TwoInstances> {
  const database = await createScratchPostgresDatabase();
  const a = await createTestApp({ ...env, DATABASE_URL: database.url });
  const b = await createTestApp({ ...env, DATABASE_URL: database.url });
  return {
    a,
    b,
    token: await openAdminSession(a.services),
    close: async () => {
      await a.close();
      await b.close();
      await database.drop();
    },
  };
}

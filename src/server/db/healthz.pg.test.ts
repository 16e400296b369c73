import { describe, expect, it } from 'vitest';
import { setPostgresUnreachable } from '../test-support/database-faults.js';
import { createTestApp } from '../test-support/test-app.js';

describe('/healthz on PostgreSQL', () => {
  it('answers 503 with reachable: false while PostgreSQL refuses connections, and recovers', async () => {
    const t = await createTestApp();
    try {
      await setPostgresUnreachable(t, true);
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        error: 'The database cannot be reached',
        database: { engine: 'postgres', reachable: false },
      });
      await setPostgresUnreachable(t, false);
      const back = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(back.json()).toEqual({ status: 'ok', database: { engine: 'postgres', reachable: true } });
    } finally {
      await t.close();
    }
  });
});

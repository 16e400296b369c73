import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { TEST_ADMIN_PASSWORD } from '../../test-support/test-app.js';

type Answer = { results: Array<{ kind: string; title: string }> };

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'site-search-start-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts the app on dataDir, runs `use`, and closes it. */
async function withApp(
  env: Record<string, string>,
  use: (built: Awaited<ReturnType<typeof buildApp>>) => Promise<void>,
) {
  const config = loadConfig(
    { DATA_DIR: dataDir, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, RATE_LIMITS: 'off', ...env },
    null,
  );
  const built = await buildApp(config);
  try {
    await built.app.ready();
    await use(built);
  } finally {
    await built.app.close();
  }
}

const search = async (built: Awaited<ReturnType<typeof buildApp>>, q: string) =>
  (await built.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` })).json<Answer>();

describe('the search index on start', () => {
  it('holds the demo content of a new site', async () => {
    await withApp({ SEED_DEMO: '1' }, async (built) => {
      const kinds = new Set((await search(built, 'salt')).results.map((hit) => hit.kind));
      expect(kinds).toEqual(new Set(['post', 'excerpt', 'book']));
    });
  });

  it('is rebuilt when it does not match the content (a database from before search, a restored backup)', async () => {
    await withApp({ SEED_DEMO: '1' }, async (built) => {
      // As a database from before search: content, no documents.
      await sql`DELETE FROM search_documents`.execute(built.services.db);
      expect((await search(built, 'salt')).results).toEqual([]);
    });
    await withApp({ SEED_DEMO: '0' }, async (built) => {
      expect((await search(built, 'salt')).results.length).toBeGreaterThan(3);
      const { rows } = await sql<{ documents: number; items: number }>`
        SELECT (SELECT count(*) FROM search_documents) AS documents,
          (SELECT count(*) FROM blog_posts) + (SELECT count(*) FROM excerpts) + (SELECT count(*) FROM books) AS items
      `.execute(built.services.db);
      expect(rows[0]!.documents).toBe(rows[0]!.items);
    });
  });
});

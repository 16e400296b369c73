import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionServer, type ProductionServer } from '../../../scripts/lib/production-server.mjs';
import { findPostgresBin, startTestCluster, stopTestCluster } from '../../../scripts/postgres/test-cluster.mjs';

const postgresAvailable = Boolean(process.env.TEST_POSTGRES_URL) || findPostgresBin() !== null;
if (!postgresAvailable) {
  console.warn(
    '\n*** PostgreSQL is not installed: the two-instance test cannot run (apt-get install -y postgresql). ***\n',
  );
}

const FREE_FAILURES = 5;

async function login(server: ProductionServer, password: string): Promise<Response> {
  return fetch(`${server.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
}

/** Two compiled servers behind no balancer, on one PostgreSQL database, as two boxes would run. */
describe.runIf(postgresAvailable)('two instances on one PostgreSQL', () => {
  let clusterDir: string | null = null;
  let adminUrl = '';
  let databaseUrl = '';
  let name = '';
  let a: ProductionServer | undefined;
  let b: ProductionServer | undefined;

  beforeAll(async () => {
    if (process.env.TEST_POSTGRES_URL) adminUrl = process.env.TEST_POSTGRES_URL;
    else ({ url: adminUrl, dir: clusterDir } = await startTestCluster());
    name = `site_two_instances_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // One after the other: the first creates and seeds the new database, the second finds it.
    a = await startProductionServer({ DATABASE_URL: databaseUrl });
    b = await startProductionServer({ DATABASE_URL: databaseUrl });
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    if (clusterDir) {
      stopTestCluster(clusterDir);
    } else if (name) {
      // CI's cluster outlives this file: drop the database.
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('shows a book created through A on B’s /books page, told by A (B writes nothing itself)', async () => {
    const token = ((await (await login(a!, a!.adminPassword)).json()) as { token: string }).token;
    const [template] = (await (await fetch(`${a!.baseUrl}/api/books`)).json()) as Record<string, unknown>[];
    const { id: _id, slug: _slug, series: _series, ...fields } = template!;
    const delays: number[] = [];
    for (let round = 1; round <= 3; round++) {
      const title = `The Relayed Crown ${round}`;
      const page = async () => (await fetch(`${b!.baseUrl}/books`)).text();
      expect(await page()).not.toContain(title); // B has rendered and cached /books
      const created = await fetch(`${a!.baseUrl}/api/books`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...fields, title, slug: null, seriesId: null, seriesNumber: null }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const createdAt = performance.now();
      // The delay is when the first request that got the new page was sent: rendering it is the page's own cost.
      for (;;) {
        const sentAfter = performance.now() - createdAt;
        // B's rendered page has no expiry: only A's notification can clear it. 10 s guards against a hang;
        // the delays are printed, not asserted (a CI machine may be busy).
        expect(sentAfter, 'B still shows the old /books').toBeLessThan(10_000);
        if ((await page()).includes(title)) {
          delays.push(sentAfter);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    console.log(
      `two instances: book created on A visible on B's /books after ${delays.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    const health = (await (await fetch(`${b!.baseUrl}/healthz`)).json()) as object;
    expect(health).toEqual({ status: 'ok', database: { engine: 'postgres', reachable: true } });
  });

  it('holds a login throttle reached through A on B too', async () => {
    for (let n = 0; n <= FREE_FAILURES; n++) expect((await login(a!, `Wrong-guess-${n}!`)).status).toBe(401);
    expect((await login(a!, 'Wrong-again!')).status).toBe(429);
    const onB = await login(b!, b!.adminPassword);
    expect(onB.status).toBe(429);
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

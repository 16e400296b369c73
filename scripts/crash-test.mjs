// `npm run crash-test [-- --rounds N --load-seconds S]`: kill -9 of the production server (by its
// pid) while writes are under way, N rounds on one DATA_DIR. After each kill the database must
// pass PRAGMA integrity_check and hold every write the server acknowledged (in every round so
// far). Exits 1 on any lost acknowledged write or failed check.
import { spawn } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { parseFlags, positiveNumber, sleep } from './lib/load-stats.mjs';
import { ensureBuild, root, serverEntry } from './lib/production-server.mjs';

const USAGE = 'Usage: npm run crash-test [-- --rounds N (default 3) --load-seconds S (default 3)]';
const flags = parseFlags({ rounds: { type: 'string' }, 'load-seconds': { type: 'string' } }, USAGE);
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
const ROUNDS = Math.round(positiveNumber(flags.rounds, 3, 'rounds', USAGE, { max: 100 }));
const LOAD_SECONDS = positiveNumber(flags['load-seconds'], 3, 'load-seconds', USAGE, { max: 600 });
/** Enough concurrent writers that requests are always in flight at the server when it is killed. */
const WRITERS = 32;
const ADMIN_PASSWORD = 'Crash-Admin-Pass1!';

const watchdog = setTimeout(
  () => {
    console.error('Crash-test watchdog: the run took far longer than planned.');
    process.exit(1);
  },
  (ROUNDS * (LOAD_SECONDS + 40) + 60) * 1000,
);
watchdog.unref();

ensureBuild();
const dataDir = await mkdtemp(path.join(tmpdir(), 'crash-test-'));

/** Starts the compiled server on a free port; resolves once its pid file names it and /healthz answers. */
async function startServer() {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: undefined,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      BACKUP_EVERY: 'off',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-5000)));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with code ${child.exitCode}: ${errors}`);
    const record = await readFile(path.join(dataDir, 'server.pid'), 'utf8').then(JSON.parse, () => null);
    if (record?.pid === child.pid) {
      const baseUrl = `http://127.0.0.1:${record.port}`;
      if (
        await fetch(`${baseUrl}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return { child, baseUrl, exited };
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`Server did not start in 30 s: ${errors}`);
}

async function post(baseUrl, url, body, key) {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

/** Ids that are not in `table`. */
function missingIds(db, table, ids) {
  const exists = db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).pluck();
  return ids.filter((id) => exists.get(id) === undefined);
}

const acknowledged = { contact_submissions: [], blog_posts: [] };
const failures = [];
let exitCode = 0;
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const server = await startServer();
    const { json: login } = await post(server.baseUrl, '/api/admin/login', { password: ADMIN_PASSWORD });
    let killed = false;
    let attempted = 0;
    const ackedThisRound = { contact_submissions: 0, blog_posts: 0 };

    async function writer(index) {
      for (let n = 0; !killed; n++) {
        attempted += 1;
        try {
          if (n % 4 === 3) {
            const { status, json } = await post(
              server.baseUrl,
              '/api/blog',
              {
                title: `Crash ${round}-${index}-${n}`,
                summary: 'Written under a kill -9.',
                content: 'Text.',
                category: 'announcements',
                coverImage: 'https://example.com/c.png',
              },
              login.token,
            );
            if (status === 201) {
              acknowledged.blog_posts.push(json.id);
              ackedThisRound.blog_posts += 1;
            }
          } else {
            const { status, json } = await post(server.baseUrl, '/api/contact', {
              name: `Crash ${round}`,
              email: `crash${index}@example.com`,
              message: `Round ${round}, writer ${index}, write ${n}`,
            });
            // Any 201 that arrived was sent by the server before it died: an acknowledged write.
            if (status === 201) {
              acknowledged.contact_submissions.push(json.id);
              ackedThisRound.contact_submissions += 1;
            }
          }
        } catch {
          // the connection died with the server: this write was never acknowledged
        }
      }
    }

    const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
    // Kill at a slightly different moment each round.
    await sleep(LOAD_SECONDS * 1000 * (0.75 + Math.random() * 0.5));
    process.kill(server.child.pid, 'SIGKILL');
    killed = true;
    const { signal } = await server.exited;
    await Promise.all(writers);

    const db = new Database(path.join(dataDir, 'site.sqlite'));
    try {
      const integrity = db.prepare('PRAGMA integrity_check').pluck().all().join('; ');
      const lost = Object.entries(acknowledged).flatMap(([table, ids]) =>
        missingIds(db, table, ids).map((id) => `${table} ${id}`),
      );
      console.log(
        `Round ${round}: killed pid ${server.child.pid} (${signal}) after ${attempted} writes attempted; ` +
          `acknowledged ${ackedThisRound.contact_submissions} contact + ${ackedThisRound.blog_posts} blog, ` +
          `${attempted - ackedThisRound.contact_submissions - ackedThisRound.blog_posts} unanswered at the kill; ` +
          `all rounds: ${acknowledged.contact_submissions.length + acknowledged.blog_posts.length} acknowledged, ` +
          `${lost.length} lost; integrity_check: ${integrity}`,
      );
      if (integrity !== 'ok') failures.push(`round ${round}: integrity_check says ${integrity}`);
      if (lost.length > 0) failures.push(`round ${round}: ${lost.length} acknowledged writes lost, e.g. ${lost[0]}`);
      if (ackedThisRound.contact_submissions === 0) failures.push(`round ${round}: no write was acknowledged`);
    } finally {
      db.close();
    }
  }
  // The site comes back after the last kill.
  const server = await startServer();
  const healthy = await fetch(`${server.baseUrl}/api/blog`).then(
    (r) => r.ok,
    () => false,
  );
  server.child.kill('SIGTERM');
  await server.exited;
  if (!healthy) failures.push('the server did not serve /api/blog after the last kill');
  else console.log('The server starts and serves again after the last kill.');
} catch (error) {
  failures.push(`the crash test itself failed: ${error.stack ?? error}`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`CRASH TEST FAILED:\n  ${failures.join('\n  ')}`);
  exitCode = 1;
} else {
  console.log(`Crash test passed: ${ROUNDS} kill -9 rounds, no acknowledged write lost, integrity ok.`);
}
process.exit(exitCode);

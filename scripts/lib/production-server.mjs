// The one way to run the production build as a child process: the browser tests' fixture
// (src/e2e/support/fixture.ts) and the measurement scripts all start the server here, on a free
// port with its own temporary data folder. Types: production-server.d.mts.
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverEntry = path.join(root, 'dist/server/src/server/main.js');
/**
 * The flags `npm start` gives node (package.json): a young generation of 2 MB semi-spaces rather than Node 24's
 * larger default (or the 8 MB used until issue 36) keeps the idle RSS about 8 MB lower and the RSS under load lower
 * still, at no measurable cost in requests/s (npm run bench:start; docs/operations.md, "Memory and start time"); a
 * 512 MB old generation makes V8 collect at about 1.4 times the live heap (1.6 with 1 GB, as V8 gives on a VPS with
 * about 4 GB of memory; 4 times on a bigger machine), so the server's memory does not depend on the machine.
 */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--max-old-space-size=512'];
/**
 * The environment `npm start` sets unless given (package.json): glibc's malloc keeps two arenas, not one per
 * thread; and it maps blocks of 64 KB and more (a request body's chunks, an upload's) on their own, so they go back
 * to the system once freed instead of staying, fragmented, in the process (the dry run and import of a 100 MB
 * WordPress export: peak 251-261 MB instead of 266-286, npm run bench:import).
 */
const SERVER_ENV = {
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '65536',
};
const buildOutputs = [
  serverEntry,
  path.join(root, 'dist/ssr/entry-server.js'),
  path.join(root, 'dist/client/.vite/manifest.json'),
];

const DEFAULT_ADMIN_PASSWORD = 'Measure-Admin-Pass1!';
/** BENCH_START_TIMEOUT_S gives a loaded shared machine longer (a seeded start took over 30 s at load 20). */
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_S ?? 30) * 1000;
const STOP_TIMEOUT_MS = 10_000;
const PORT_ATTEMPTS = 3;

/** Runs `npm run build` unless every build output exists (or always, with force). */
export function ensureBuild({ force = false } = {}) {
  if (!force && buildOutputs.every((file) => existsSync(file))) return;
  console.log('Building the production bundle (npm run build)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the compiled server (demo content, rate limits off) on a free port of 127.0.0.1 and
 * resolves once /healthz answers. It gets a temporary DATA_DIR, removed by stop(), unless
 * env.DATA_DIR names one (kept). LOG_LEVEL defaults to warn: per-request logging would distort
 * measurements. options.dataDirPrefix names the temporary folder; options.onOutput receives
 * the server's stdout and stderr as they come; options.entry is another compiled entry to run; options.nodeFlags
 * replaces the flags `npm start` gives node (to compare others: npm run bench:start -- --node-flags).
 */
export async function startProductionServer(env = {}, options = {}) {
  const ownDataDir = env.DATA_DIR ? undefined : await mkdtemp(path.join(tmpdir(), options.dataDirPrefix ?? 'site-'));
  try {
    for (let attempt = 1; ; attempt++) {
      const started = await spawnOnFreePort({ ...env, DATA_DIR: env.DATA_DIR ?? ownDataDir }, options);
      if (started.server) return withStop(started.server, ownDataDir);
      // Another process took the probed port before the server bound it: try another one.
      if (!started.portTaken || attempt === PORT_ATTEMPTS) throw started.error;
    }
  } catch (error) {
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    throw error;
  }
}

async function spawnOnFreePort(env, { onOutput, entry = serverEntry, nodeFlags = SERVER_NODE_FLAGS }) {
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, entry], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      // Unset, as when a user runs it (vitest sets NODE_ENV=test): the server decides its mode itself.
      NODE_ENV: undefined,
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
    onOutput?.(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const baseUrl = `http://127.0.0.1:${port}`;

  const failure = await waitForHealthz(baseUrl, exited);
  if (failure) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    return { portTaken: /EADDRINUSE/.test(output), error: new Error(`${failure}:\n${output}`) };
  }
  return {
    server: {
      baseUrl,
      port,
      pid: child.pid,
      dataDir: env.DATA_DIR,
      adminPassword: env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
      startupMs: performance.now() - spawnedAt,
      log: () => output,
      child,
      exited,
    },
  };
}

/** Polls /healthz every 10 ms; resolves with nothing once it answers, or with why it never will. */
async function waitForHealthz(baseUrl, exited) {
  let exit;
  void exited.then((result) => (exit = result));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exit) return `Server exited with code ${exit.code} (signal ${exit.signal}) during start-up`;
    try {
      // A request the busy server has not answered in 2 s is asked again rather than awaited to the deadline.
      if ((await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) return undefined;
    } catch {
      // not listening yet, or not answering yet
    }
    if (Date.now() > deadline) return `Server did not start in ${START_TIMEOUT_MS / 1000} s`;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** SIGTERM (the server finishes in-flight requests), SIGKILL if it hangs, then the temporary data goes. */
function withStop({ child, exited, ...server }, ownDataDir) {
  return {
    ...server,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(timer);
      }
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

/** The page of the newest blog post (its slug address). */
export async function firstPostPath(baseUrl) {
  const response = await fetch(`${baseUrl}/api/blog`);
  if (!response.ok) throw new Error(`GET /api/blog: ${response.status}`);
  const [post] = await response.json();
  if (!post) throw new Error('GET /api/blog returned no items');
  return post.url;
}

/** A book readers can preorder (not out yet) and a format it offers: preorders of anything else are refused. */
export async function preorderableBook(baseUrl) {
  const response = await fetch(`${baseUrl}/api/books`);
  if (!response.ok) throw new Error(`GET /api/books: ${response.status}`);
  const books = await response.json();
  const book = books.find((candidate) => candidate.status === 'preorder');
  if (!book) throw new Error('GET /api/books returned no book open for preorder');
  return { bookId: book.id, format: book.editions?.[0]?.format ?? 'ebook' };
}

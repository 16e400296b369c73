import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, readlink, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { getPriority, homedir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryFolder } from '../../../scripts/lib/memory-folder.mjs';
import { root } from '../../../scripts/lib/production-server.mjs';

/**
 * The README's quick start, run exactly as written on a clean clone of this repository's HEAD:
 * `npm ci && npm start`, with nothing in the environment but the shell's PATH and HOME (npm's
 * cache), a port and a fresh data folder. No NODE_ENV, no flags, no build made beforehand, and
 * no node_modules/.bin of this checkout on the PATH: the clone installs and builds its own.
 */
const README_COMMAND = 'npm ci && npm start';
const START_BUDGET_MS = 480_000;

const PAGES: { path: string; title: string; text: string }[] = [
  { path: '/', title: 'The Cinderwake Cycle', text: 'The Ashwarden' },
  { path: '/books', title: 'Books | The Cinderwake Cycle', text: 'The Tallow King' },
  { path: '/books/the-ashwarden', title: 'The Ashwarden | The Cinderwake Cycle', text: 'The Ashwarden' },
  { path: '/blog', title: 'Blog &amp; News | The Cinderwake Cycle', text: 'Announcing the Lantern Tour' },
  {
    path: '/blog/announcing-the-lantern-tour',
    title: 'Announcing the Lantern Tour | The Cinderwake Cycle',
    text: 'six evenings',
  },
  { path: '/excerpts', title: 'Excerpts | The Cinderwake Cycle', text: 'The Burning of Kings' },
  { path: '/art-music', title: 'Art &amp; Music | The Cinderwake Cycle', text: 'Vesperhold at Dusk' },
  { path: '/contact', title: 'Contact &amp; Subscribe | The Cinderwake Cycle', text: 'Contact' },
  { path: '/preorder', title: 'Preorder | The Cinderwake Cycle', text: 'A Lantern for the Drowned' },
  { path: '/search?q=lantern', title: 'Search | The Cinderwake Cycle', text: 'Announcing the Lantern Tour' },
  { path: '/admin', title: 'Admin | The Cinderwake Cycle', text: 'Admin' },
];

/** The user's shell PATH: this checkout's node_modules/.bin (added by npm run) left out. */
function usersPath(): string {
  return (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin')
    .split(path.delimiter)
    .filter((entry) => !entry.includes('node_modules') && !entry.includes('node-gyp-bin'))
    .join(path.delimiter);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Lines that report a failure: a log entry at error level or above, or an error printed by npm or Node. */
function errorLines(log: string): string[] {
  return log.split('\n').filter((line) => {
    if (line.startsWith('{')) {
      try {
        return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
      } catch {
        return true;
      }
    }
    return /\berror\b|ERR!|exception|segmentation fault|aborted/i.test(line);
  });
}

/**
 * A detached process starts a scheduling group of its own (Linux's autogroup), where the nice value it inherited
 * counts for nothing against other groups: `npm test` runs this file at nice 19 beside the other tests
 * (scripts/test.mjs), and the clone's install and build then took a full share of the CPU from them. The new group
 * gets this process's niceness. Where there is no autogroup (or not Linux), there is nothing to do.
 */
function keepNiceness(pid: number | undefined): void {
  const niceness = getPriority();
  if (pid === undefined || niceness <= 0) return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch {
    // No autogroup here: the nice value the child inherited is what counts.
  }
}

describe('the README quick start on a clean clone', () => {
  let workDir: string;
  let child: ChildProcess;
  let log = '';
  let baseUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    // In memory where the machine has it: the clone's 870 MB of packages, written to the disk, made the tests beside it
    // wait on their own writes (scripts/test.mjs runs this one beside the others).
    workDir = await mkdtemp(path.join(memoryFolder(), 'readme-start-'));
    const clone = path.join(workDir, 'site');
    execFileSync('git', ['clone', '--quiet', root, clone], { stdio: 'inherit' });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    dataDir = path.join(workDir, 'data');
    child = spawn('sh', ['-c', README_COMMAND], {
      cwd: clone,
      env: {
        PATH: usersPath(),
        HOME: process.env.HOME ?? homedir(),
        PORT: String(port),
        DATA_DIR: dataDir,
      },
      // Its own process group, so npm, the build and the server all stop together.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    keepNiceness(child.pid);
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => resolve(`npm exited (${code ?? signal})`)),
    );
    const deadline = Date.now() + START_BUDGET_MS;
    for (;;) {
      const outcome = await Promise.race([
        exited,
        fetch(`${baseUrl}/healthz`).then(
          (response) => (response.ok ? 'ready' : null),
          () => null,
        ),
      ]);
      if (outcome === 'ready') break;
      if (outcome) throw new Error(`${outcome} before /healthz answered:\n${log.slice(-5000)}`);
      if (Date.now() > deadline)
        throw new Error(`/healthz did not answer within ${START_BUDGET_MS} ms:\n${log.slice(-5000)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, START_BUDGET_MS + 60_000);

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it.each(PAGES)('serves $path with its content', async ({ path: pagePath, title, text }) => {
    const response = await fetch(baseUrl + pagePath);
    const html = await response.text();
    expect(response.status, html.slice(0, 500)).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(text);
  });

  it('runs on Node.js 24 and logs no error line', async () => {
    const health = (await (await fetch(`${baseUrl}/healthz`)).json()) as { status: string };
    expect(health.status).toBe('ok');
    expect(log).toContain('Server listening at');
    // The server is the Node 24 that npm ci installed in the clone, whatever the system's Node is.
    const { pid } = JSON.parse(await readFile(path.join(dataDir, 'server.pid'), 'utf8')) as { pid: number };
    const runtime = await readlink(`/proc/${pid}/exe`);
    expect(execFileSync(runtime, ['--version'], { encoding: 'utf8' })).toMatch(/^v24\./);
    expect(errorLines(log)).toEqual([]);
  });
});

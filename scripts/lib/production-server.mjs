// Shared by the measurement scripts: build the production bundle when it is missing, and run
// the compiled server as a child process on a free port with its own temporary data folder.
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverEntry = path.join(root, 'dist/server/src/server/main.js');
const buildOutputs = [
  serverEntry,
  path.join(root, 'dist/ssr/entry-server.js'),
  path.join(root, 'dist/client/.vite/manifest.json'),
];

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
 * Starts the compiled server with demo content on a free port; resolves once /healthz answers.
 * LOG_LEVEL defaults to warn: per-request logging would distort the measurements.
 */
export async function startProductionServer(env = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-measure-'));
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Measure-Admin-Pass1!',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with code ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`Server did not start in 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    pid: child.pid,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function firstId(baseUrl, apiPath) {
  const response = await fetch(`${baseUrl}${apiPath}`);
  if (!response.ok) throw new Error(`GET ${apiPath}: ${response.status}`);
  const items = await response.json();
  if (!Array.isArray(items) || items.length === 0) throw new Error(`GET ${apiPath} returned no items`);
  return items[0].id;
}

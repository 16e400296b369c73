#!/usr/bin/env node
// A throwaway PostgreSQL cluster for tests and CI: initdb in a temporary folder (in memory where the machine has
// /dev/shm: a unit-pg run took 87 s instead of 127), loopback only, its own free port, trust authentication, no
// fsync (its data dies with it). As root (CI) the server runs as the unprivileged `postgres` user, since initdb
// refuses root.
//
//   node scripts/postgres/test-cluster.mjs start   prints `export TEST_POSTGRES_URL=… TEST_POSTGRES_DIR=…`
//   node scripts/postgres/test-cluster.mjs stop    stops the cluster named by TEST_POSTGRES_DIR and removes it
//
// Also imported by the Vitest global setup (startTestCluster / stopTestCluster).
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoryFolder } from '../lib/memory-folder.mjs';

const SERVER_USER = 'postgres';

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/<major>/bin), or null. */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length > 0 ? path.join(root, majors[0], 'bin') : null;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a server binary as the unprivileged user when we are root, else as ourselves. */
function runAsServerUser(binary, args) {
  const [command, fullArgs] = isRoot() ? ['runuser', ['-u', SERVER_USER, '--', binary, ...args]] : [binary, args];
  const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(binary)} failed (${result.status}): ${result.stderr || result.stdout || result.error}`,
    );
  }
  return result.stdout;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a new cluster and returns { url, dir }: `url` connects as the superuser `postgres` to its
 * `postgres` database. Throws when PostgreSQL is not installed or does not start.
 */
export async function startTestCluster() {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)');
  const dir = mkdtempSync(path.join(memoryFolder(), 'site-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', SERVER_USER], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', SERVER_USER], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  // C collation: text sorts and compares byte by byte, as in SQLite.
  runAsServerUser(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--locale=C', '-E', 'UTF8']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  runAsServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dir };
}

/** Stops the cluster in `dir` (fast shutdown) and removes its folder. */
export function stopTestCluster(dir) {
  const bin = findPostgresBin();
  const data = path.join(dir, 'data');
  if (bin && existsSync(data)) {
    try {
      runAsServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch (error) {
      console.error(String(error));
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const command = process.argv[2];
  if (command === 'start') {
    const { url, dir } = await startTestCluster();
    console.log(`export TEST_POSTGRES_URL=${url} TEST_POSTGRES_DIR=${dir}`);
  } else if (command === 'stop') {
    const dir = process.argv[3] ?? process.env.TEST_POSTGRES_DIR;
    if (!dir) {
      console.error('stop: give the cluster folder (or set TEST_POSTGRES_DIR)');
      process.exit(2);
    }
    stopTestCluster(dir);
  } else {
    console.error('usage: node scripts/postgres/test-cluster.mjs start | stop [dir]');
    process.exit(2);
  }
}

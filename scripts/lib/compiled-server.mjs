// The backup and restore commands run the compiled server code (one implementation, shared with
// the server's scheduled backups). This compiles it when missing or older than its sources;
// only the server is compiled (tsc, seconds), not the client.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const sources = ['src/server', 'src/domain', 'db', 'package-lock.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Imports a compiled server module (path relative to src/server, e.g. 'operations/backup/cli.js'), compiling first if needed. */
export async function importCompiledServerModule(modulePath) {
  const compiled = path.join(root, 'dist/server/src/server', modulePath);
  const builtAt = existsSync(compiled) ? statSync(compiled).mtimeMs : 0;
  if (builtAt === 0 || sources.some((source) => newestMtime(path.join(root, source)) > builtAt)) {
    console.error('Compiling the server code first (npm run build:server)...');
    execSync('npm run build:server', { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
  return import(pathToFileURL(compiled).href);
}

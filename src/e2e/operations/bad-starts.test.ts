import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, serverEntry, startProductionServer } from '../../../scripts/lib/production-server.mjs';

/**
 * As root, permission bits bind nobody: the server is then started without the capabilities
 * that override them (setpriv), so a read-only file or folder refuses it as it would the
 * site's service user.
 */
const WITHOUT_PERMISSION_OVERRIDE =
  process.getuid?.() === 0 ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--'] : [];

type FailedStart = { code: number | null; stderrLines: string[]; stdout: string };

/** Starts the compiled server on DATA_DIR and waits (at most 15 s) for it to exit. */
function startExpectingFailure(dataDir: string, env: Record<string, string> = {}): Promise<FailedStart> {
  const [command, ...args] = [...WITHOUT_PERMISSION_OVERRIDE, process.execPath, serverEntry];
  const child = spawn(command!, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: undefined, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const stderrLines = stderr.split('\n').filter((line) => line.trim() !== '');
      resolve({ code, stderrLines, stdout });
    });
  });
}

/**
 * Exits non-zero by itself (a start that hangs is killed after 15 s: code null, a failure; not timed,
 * as a CI machine may be busy) with one line naming the path and saying the problem and the fix.
 */
function expectOneLineFailure(result: FailedStart, path: string, problem: RegExp): void {
  expect(result.code, result.stderrLines.join('\n')).not.toBe(0);
  expect(result.code).not.toBeNull();
  expect(result.stderrLines).toHaveLength(1);
  const [line] = result.stderrLines;
  expect(line).toContain(path);
  expect(line).toMatch(problem);
  expect(line).not.toMatch(/\n\s+at /);
}

describe('a start that cannot succeed', () => {
  let work = '';
  let goodDatabase: Buffer;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'site-bad-starts-'));
    // A real database with content, made by a real start and a clean stop (checkpointed).
    const server = await startProductionServer({ DATA_DIR: path.join(work, 'good') });
    await server.stop();
    goodDatabase = await readFile(path.join(work, 'good', 'site.sqlite'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  const dataDir = async (name: string, database?: Buffer) => {
    const dir = path.join(work, name);
    await mkdir(path.join(dir, 'uploads'), { recursive: true });
    if (database) await writeFile(path.join(dir, 'site.sqlite'), database);
    return dir;
  };

  it('DATA_DIR under /proc: exits at once instead of hanging', async () => {
    expectOneLineFailure(await startExpectingFailure('/proc/nope/data'), '/proc/nope/data', /cannot create.*DATA_DIR/);
  });

  it('an empty site.sqlite: refused, never treated as new and seeded', async () => {
    const dir = await dataDir('empty', Buffer.alloc(0));
    const result = await startExpectingFailure(dir);
    expectOneLineFailure(result, path.join(dir, 'site.sqlite'), /empty \(0 bytes\).*npm run restore/);
    expect((await readFile(path.join(dir, 'site.sqlite'))).length).toBe(0);
  });

  it('a truncated database: refused as damaged', async () => {
    const dir = await dataDir('truncated', goodDatabase.subarray(0, Math.floor(goodDatabase.length / 2)));
    expectOneLineFailure(await startExpectingFailure(dir), path.join(dir, 'site.sqlite'), /damaged.*restore/i);
  });

  it('a file that is not a database: refused', async () => {
    const dir = await dataDir('corrupt', Buffer.from('this is not a database '.repeat(400)));
    expectOneLineFailure(await startExpectingFailure(dir), path.join(dir, 'site.sqlite'), /not an SQLite database/);
  });

  it('a read-only database file: refused at start, not a 500 on every write', async () => {
    const dir = await dataDir('read-only-file', goodDatabase);
    await chmod(path.join(dir, 'site.sqlite'), 0o444);
    expectOneLineFailure(
      await startExpectingFailure(dir),
      path.join(dir, 'site.sqlite'),
      /cannot be opened for writing/,
    );
  });

  it('a read-only DATA_DIR: refused with the folder named', async () => {
    const dir = await dataDir('read-only-folder', goodDatabase);
    await chmod(dir, 0o555);
    expectOneLineFailure(await startExpectingFailure(dir), dir, /cannot be written \(permission denied\)/);
  });

  it('shows the stack trace only with LOG_LEVEL=debug', async () => {
    const result = await startExpectingFailure('/proc/nope/data', { LOG_LEVEL: 'debug' });
    expect(result.code).not.toBe(0);
    expect(result.stderrLines.length).toBeGreaterThan(1);
    expect(result.stderrLines.some((line) => /^\s+at /.test(line))).toBe(true);
  });
});

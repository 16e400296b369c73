import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runBackupCommand, runRestoreCommand } from './cli.js';

let t: TestApp;
let scratch: string;

function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    out: { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  scratch = await mkdtemp(path.join(tmpdir(), 'backup-cli-'));
});
afterAll(async () => {
  await t?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('backup and restore commands', () => {
  it('backs up into --out, then restores into an empty DATA_DIR and prints what it restored', async () => {
    const backup = capture();
    expect(await runBackupCommand(['--out', scratch], { DATA_DIR: t.dataDir }, backup.out)).toBe(0);
    expect(backup.lines[0]).toMatch(/^Backup written: .*site-backup-.*\.tar\.gz \(\d/);
    expect(backup.lines).toContain('    users: 1 row');
    const [archive] = await readdir(scratch);

    const dataDir = path.join(scratch, 'restored');
    const restore = capture();
    expect(await runRestoreCommand([path.join(scratch, archive!)], { DATA_DIR: dataDir }, restore.out)).toBe(0);
    expect(restore.lines[0]).toMatch(/^Restored .* into .*restored:$/);
    expect(restore.lines).toContain('    users: 1 row');
    expect(restore.errors).toEqual([]);

    const running = capture();
    await writeFile(path.join(dataDir, 'server.pid'), JSON.stringify({ pid: process.ppid, port: 1 }));
    expect(await runRestoreCommand([path.join(scratch, archive!)], { DATA_DIR: dataDir }, running.out)).toBe(1);
    expect(running.errors[0]).toMatch(/The site is running .* pass --force/);
    expect(
      await runRestoreCommand([path.join(scratch, archive!), '--force'], { DATA_DIR: dataDir }, capture().out),
    ).toBe(0);
  });

  it.each([
    [[], /Name exactly one archive/],
    [['a.tar.gz', 'b.tar.gz'], /Name exactly one archive/],
    [['a.tar.gz', '--forse'], /Unknown option '--forse'/],
  ])('answers wrong usage %j with exit code 2 and the usage', async (argv, message) => {
    const run = capture();
    expect(await runRestoreCommand(argv, { DATA_DIR: scratch }, run.out)).toBe(2);
    expect(run.errors[0]).toMatch(message);
    expect(run.errors[0]).toMatch(/Usage: npm run restore/);
  });

  it('fails with exit code 1 and a message for a missing archive or an invalid variable', async () => {
    const missing = capture();
    expect(await runRestoreCommand(['nope.tar.gz'], { DATA_DIR: scratch }, missing.out)).toBe(1);
    expect(missing.errors[0]).toMatch(/No archive at .*nope\.tar\.gz/);
    const badConfig = capture();
    expect(await runBackupCommand([], { DATA_DIR: t.dataDir, BACKUP_KEEP: '-1' }, badConfig.out)).toBe(1);
    expect(badConfig.errors[0]).toMatch(/BACKUP_KEEP/);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImportCommand } from './cli.js';

/** The command's own checks; the import itself goes through the endpoint, tested in the *.rest.test.ts files. */
describe('npm run import', () => {
  let dataDir: string;
  const lines: string[] = [];
  const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'import-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('prints the usage (exit 2) without a known source and one file', async () => {
    for (const argv of [[], ['--source', 'blogger', 'a.xml'], ['--source', 'wordpress'], ['--nope']]) {
      lines.length = 0;
      expect(await runImportCommand(argv, { DATA_DIR: dataDir }, out)).toBe(2);
      expect(lines.join('\n')).toContain(
        'Usage: npm run import -- --source wordpress|ghost|substack|subscribers|site FILE',
      );
    }
  });

  it('asks for the site to be started first (exit 1): the import goes through the running site', async () => {
    lines.length = 0;
    expect(await runImportCommand(['--source', 'wordpress', 'export.xml'], { DATA_DIR: dataDir }, out)).toBe(1);
    expect(lines).toEqual([`The site is not running on ${dataDir}: start it (npm start), then import.`]);
  });
});

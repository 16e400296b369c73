import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../server/paths.js';

const execFileAsync = promisify(execFile);

type SoakResult = {
  totalRequests: number;
  non2xx: Record<string, number>;
  rows: { kind: string; acknowledged: number; stored: number }[];
  failures: string[];
};

/** Runs a script of scripts/ against the build the browser project made; resolves with its exit code and output. */
async function runScript(script: string, args: string[], timeoutMs: number) {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      [path.join(projectRoot, 'scripts', script), ...args],
      {
        cwd: projectRoot,
        timeout: timeoutMs,
        maxBuffer: 10 * 1024 * 1024,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** Short forms of `npm run soak` and `npm run crash-test`, so CI proves both on every run. */
describe('load scripts', () => {
  it('soak: 30 s of mixed traffic with no failed request and every acknowledged write stored', async () => {
    const { code, output } = await runScript('soak.mjs', ['--seconds', '30'], 180_000);
    expect(code, output).toBe(0);
    const line = output.split('\n').find((text) => text.startsWith('SOAK_RESULT '));
    expect(line, output).toBeDefined();
    const result = JSON.parse(line!.slice('SOAK_RESULT '.length)) as SoakResult;
    expect(result.failures).toEqual([]);
    expect(result.non2xx).toEqual({});
    expect(result.totalRequests).toBeGreaterThan(1000);
    for (const row of result.rows) {
      expect(row.acknowledged, row.kind).toBeGreaterThan(0);
      expect(row.stored, row.kind).toBe(row.acknowledged);
    }
  }, 200_000);

  it('crash test: three kill -9 rounds lose no acknowledged write and keep the database intact', async () => {
    const { code, output } = await runScript('crash-test.mjs', ['--rounds', '3', '--load-seconds', '1.5'], 150_000);
    expect(code, output).toBe(0);
    const rounds = output.split('\n').filter((text) => /^Round \d: killed pid \d+ \(SIGKILL\)/.test(text));
    expect(rounds, output).toHaveLength(3);
    for (const round of rounds) expect(round).toMatch(/, 0 lost; integrity_check: ok$/);
  }, 170_000);
});

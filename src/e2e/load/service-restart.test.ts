import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnit, restartsAfter, seconds, unitFromDoc } from '../../../scripts/lib/systemd-unit.mjs';
import { projectRoot } from '../../server/paths.js';

const ADMIN_PASSWORD = 'Restart-Admin-Pass1!';
const unitText = unitFromDoc(readFileSync(path.join(projectRoot, 'docs/deploy.md'), 'utf8'));
const unit = parseUnit(unitText);
const service = unit.Service ?? {};

type End = { code: number | null; signal: NodeJS.Signals | null };

/**
 * The service of docs/deploy.md run as systemd would run it, here where no systemd is PID 1 (a container): its
 * ExecStart in the project's folder (for WorkingDirectory) with its Environment, except PORT (0: any free port) and
 * DATA_DIR (a temporary folder); User= is not applied. When the main process ends, Restart= decides by systemd's
 * own table (scripts/lib/systemd-unit.mjs) whether it starts again, after RestartSec, at most StartLimitBurst
 * times within StartLimitIntervalSec.
 */
class Supervised {
  starts = 0;
  ends: End[] = [];
  private main: ChildProcess | null = null;
  private stopped = false;
  private startTimes: number[] = [];
  private waiters: Array<() => void> = [];

  constructor(private readonly dataDir: string) {}

  start(): void {
    const [command, ...args] = (service.ExecStart ?? '').split(/\s+/);
    const environment = Object.fromEntries(
      (service.Environment ?? '').split(/\s+/).map((pair) => pair.split('=', 2) as [string, string]),
    );
    this.starts += 1;
    this.startTimes.push(performance.now());
    const child = spawn(command!, args, {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: undefined,
        ...environment,
        PORT: '0',
        DATA_DIR: this.dataDir,
        ADMIN_PASSWORD,
        BACKUP_EVERY: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    this.main = child;
    child.once('exit', (code, signal) => this.ended({ code, signal }));
  }

  private ended(end: End): void {
    this.ends.push(end);
    this.main = null;
    for (const waiter of this.waiters.splice(0)) waiter();
    if (this.stopped || !restartsAfter(service.Restart ?? 'no', end)) return;
    const window = seconds(unit.Unit?.StartLimitIntervalSec ?? '10') * 1000;
    const burst = Number(unit.Unit?.StartLimitBurst ?? '5');
    const recent = this.startTimes.filter((at) => performance.now() - at < window);
    if (recent.length >= burst) return;
    setTimeout(() => this.stopped || this.start(), seconds(service.RestartSec ?? '0.1') * 1000);
  }

  /** Resolves once the main process has ended `count` times in all. */
  async untilEnded(count: number): Promise<void> {
    while (this.ends.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** `systemctl stop`: SIGTERM to the main process (and, as KillMode=control-group does, to the server). */
  async stop(): Promise<void> {
    this.stopped = true;
    const main = this.main;
    if (!main) return;
    const server = await serverRecord(this.dataDir).catch(() => null);
    const ended = new Promise((resolve) => main.once('exit', resolve));
    main.kill('SIGTERM');
    if (server) process.kill(server.pid, 'SIGTERM');
    await ended;
  }
}

async function serverRecord(dataDir: string): Promise<{ pid: number; port: number }> {
  return JSON.parse(await readFile(path.join(dataDir, 'server.pid'), 'utf8')) as { pid: number; port: number };
}

/** The server's pid and address once a server other than `previousPid` answers /healthz. */
async function serving(
  dataDir: string,
  previousPid?: number,
  waitMs = 90_000,
): Promise<{ pid: number; baseUrl: string }> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const record = await serverRecord(dataDir).catch(() => null);
    if (record && record.pid !== previousPid) {
      const baseUrl = `http://127.0.0.1:${record.port}`;
      const ok = await fetch(`${baseUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return { pid: record.pid, baseUrl };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The service did not serve again');
}

describe('the systemd unit of docs/deploy.md', () => {
  it('is a unit systemd-analyze verify accepts without a warning', async () => {
    const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((file) => existsSync(file));
    expect(
      analyze,
      'systemd-analyze is missing: scripts/install-system-deps.sh installs Debian’s systemd',
    ).toBeDefined();
    const folder = await mkdtemp(path.join(tmpdir(), 'unit-'));
    try {
      const file = path.join(folder, 'author-site.service');
      await writeFile(file, unitText);
      const result = spawnSync(analyze!, ['verify', file], { encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toBe('');
      // A broken line is reported: the check would see a typo in Restart= or RestartSec=.
      await writeFile(file, unitText.replace(/^Restart=.*$/m, 'Restart=sometimes'));
      expect(spawnSync(analyze!, ['verify', file], { encoding: 'utf8' }).stderr).toMatch(/restart specifier/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('restarts after a failure, not after a stop, within a start limit', () => {
    expect(service.Restart).toBe('on-failure');
    expect(seconds(service.RestartSec!)).toBeGreaterThan(0);
    expect(Number(unit.Unit?.StartLimitBurst)).toBeGreaterThan(1);
    expect(seconds(unit.Unit?.StartLimitIntervalSec ?? '0')).toBeGreaterThan(
      Number(unit.Unit?.StartLimitBurst) * seconds(service.RestartSec!),
    );
    // What a crash looks like from systemd's side: the kernel's OOM killer, V8's heap-out-of-memory abort, a throw.
    expect(restartsAfter(service.Restart!, { code: null, signal: 'SIGKILL' })).toBe(true);
    expect(restartsAfter(service.Restart!, { code: null, signal: 'SIGABRT' })).toBe(true);
    expect(restartsAfter(service.Restart!, { code: 1, signal: null })).toBe(true);
    // systemctl stop / restart: the server ends cleanly.
    expect(restartsAfter(service.Restart!, { code: 0, signal: null })).toBe(false);
    expect(restartsAfter(service.Restart!, { code: null, signal: 'SIGTERM' })).toBe(false);
    expect(execFileSync(service.ExecStart!.split(/\s+/)[0]!, ['--version'], { encoding: 'utf8' })).toMatch(/^\d+\./);
  });

  describe('run by its ExecStart, the server killed as a crash kills it', () => {
    let dataDir: string;
    let supervised: Supervised;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'service-restart-'));
      supervised = new Supervised(dataDir);
      supervised.start();
      // The first start: `npm start` builds first when the sources are newer than the build.
      await serving(dataDir, undefined, 110_000);
    });
    afterAll(async () => {
      await supervised?.stop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it.each(['SIGKILL', 'SIGABRT'] as const)(
      'after %s of the server, it serves again with its data',
      async (signal) => {
        const before = await serving(dataDir);
        const written = await fetch(`${before.baseUrl}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Reader', email: 'reader@example.com', message: `Before ${signal}` }),
        });
        expect(written.status).toBe(201);
        const { id } = (await written.json()) as { id: string };
        const ends = supervised.ends.length;

        process.kill(before.pid, signal);
        await supervised.untilEnded(ends + 1);
        // npm start reports its script's death as a failure: exactly what Restart=on-failure restarts.
        expect(restartsAfter('on-failure', supervised.ends.at(-1)!)).toBe(true);

        const after = await serving(dataDir, before.pid);
        expect(after.pid).not.toBe(before.pid);
        const login = await fetch(`${after.baseUrl}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password: ADMIN_PASSWORD }),
        });
        const { token } = (await login.json()) as { token: string };
        const messages = await fetch(`${after.baseUrl}/api/admin/contact`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(((await messages.json()) as Array<{ id: string }>).map((message) => message.id)).toContain(id);
      },
    );

    it('is not restarted after a stop (SIGTERM): the server ends cleanly', async () => {
      const starts = supervised.starts;
      const ends = supervised.ends.length;
      const { pid } = await serving(dataDir);
      process.kill(pid, 'SIGTERM');
      await supervised.untilEnded(ends + 1);
      expect(supervised.ends.at(-1)).toEqual({ code: 0, signal: null });
      await new Promise((resolve) => setTimeout(resolve, seconds(service.RestartSec!) * 1000 + 500));
      expect(supervised.starts).toBe(starts);
    });
  });
});

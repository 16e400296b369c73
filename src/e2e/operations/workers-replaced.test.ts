import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionServer, type ProductionServer } from '../../../scripts/lib/production-server.mjs';
import { WORKERS_REPLACED } from '../../server/config.js';

/** The pids whose parent is `pid` (Linux /proc): a node:cluster primary would have its workers here. */
function childPidsOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ').at(-1)!.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * The WORKERS mode (node:cluster) is gone. A site upgraded with WORKERS still in its .env starts
 * as one process, serves, and says once what replaced the setting.
 */
describe('a start with WORKERS left in an old .env', () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startProductionServer({ WORKERS: 'auto', LOG_LEVEL: 'info' });
  });
  afterAll(() => server?.stop());

  it('serves from one process and logs one line saying what replaced WORKERS', async () => {
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/books`)).status).toBe(200);
    expect(childPidsOf(server.pid)).toEqual([]);

    const lines = server.log().split('\n');
    const notices = lines.filter((line) => line.includes('WORKERS'));
    expect(notices).toHaveLength(1);
    const notice = JSON.parse(notices[0]!) as { level: number; msg: string };
    expect(notice.msg).toBe(WORKERS_REPLACED);
    expect(notice.level).toBe(40);
    expect(lines.some((line) => line.includes('Ready in'))).toBe(true);
  });
});

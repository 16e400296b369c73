import { describe, expect, it } from 'vitest';
import { RoleJobGate } from './job-gate.js';

describe('RoleJobGate', () => {
  it('starts a job in the process with the job role and hands back its stop', async () => {
    const gate = new RoleJobGate(true);
    let stopped = false;
    const stop = gate.start('backups', () => () => {
      stopped = true;
    });
    await stop();
    expect(stopped).toBe(true);
  });

  it('starts nothing elsewhere, and its stop does nothing', async () => {
    const gate = new RoleJobGate(false);
    let started = false;
    const stop = gate.start('backups', () => {
      started = true;
      return () => undefined;
    });
    await stop();
    expect(started).toBe(false);
    expect(gate.runsJobs).toBe(false);
  });
});

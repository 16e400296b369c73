import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_KEEP_DAYS, pruneOutbox } from './outbox-cleanup.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-cleanup-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('pruneOutbox', () => {
  it(`deletes .eml files older than the cut-off (${OUTBOX_KEEP_DAYS} days in the server) and nothing else`, async () => {
    const outbox = path.join(dataDir, 'outbox');
    await mkdir(outbox);
    const day = 86_400_000;
    const files = { 'old.eml': 40, 'recent.eml': 2, 'notes.txt': 90 };
    for (const [name, ageDays] of Object.entries(files)) {
      const file = path.join(outbox, name);
      await writeFile(file, 'x');
      const when = new Date(Date.now() - ageDays * day);
      await utimes(file, when, when);
    }
    expect(await pruneOutbox(dataDir, new Date(Date.now() - OUTBOX_KEEP_DAYS * day))).toBe(1);
    expect((await readdir(outbox)).sort()).toEqual(['notes.txt', 'recent.eml']);
  });

  it('does nothing when there is no outbox yet', async () => {
    expect(await pruneOutbox(dataDir, new Date())).toBe(0);
  });
});

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePartFile } from './write-part-file.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'part-file-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A source refused before its first byte, as an upload whose headers were wrong. */
const refusedAtOnce = (): AsyncIterable<Buffer> => ({
  [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('refused by its first bytes')) }),
});

describe('writePartFile', () => {
  it('stores the whole file under its id and says how many bytes', async () => {
    async function* parts() {
      yield Buffer.from('dark ');
      yield Buffer.from('fantasy');
    }
    expect(await writePartFile(folder, 'f1', parts())).toBe(12);
    expect(await readFile(path.join(folder, 'f1'), 'utf8')).toBe('dark fantasy');
    expect(await readdir(folder)).toEqual(['f1']);
  });

  it('leaves nothing behind when 50 uploads are refused at once, even before their first byte', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, n) => writePartFile(folder, `refused-${n}`, refusedAtOnce())),
    );
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    // A lazily opened stream would create its part file a turn or two after the clean-up.
    for (let turn = 0; turn < 20; turn += 1) await nextTurn();
    expect(await readdir(folder)).toEqual([]);
  });
});

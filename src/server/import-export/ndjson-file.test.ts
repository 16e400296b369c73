import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NdjsonFile } from './ndjson-file.js';

describe('NdjsonFile', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'ndjson-test-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('gives back every value in order, lines longer than a read and characters cut between reads included', async () => {
    const file = new NdjsonFile<{ index: number; text: string }>(path.join(folder, 'values.ndjson'));
    // 100 KB lines of three-byte characters: every line spans several 32 KB reads and some cut a character in two.
    const values = Array.from({ length: 20 }, (_, index) => ({ index, text: `${index}:${'☾'.repeat(35_000)}\n"` }));
    for (const value of values) await file.write(value);
    await file.close();
    const read = [];
    for await (const value of file.read()) read.push(value);
    expect(read).toEqual(values);
  });

  it('reads only as far as the consumer has come', async () => {
    const file = new NdjsonFile<{ text: string }>(path.join(folder, 'big.ndjson'));
    for (let index = 0; index < 2_000; index++) await file.write({ text: 'x'.repeat(10_000) });
    await file.close();
    const reader = file.read();
    await reader.next();
    const before = process.memoryUsage().heapUsed;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // readline's iterator would by now have buffered up to 1,024 lines (10 MB) ahead of this consumer.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(5 * 1024 * 1024);
    let count = 1;
    for await (const value of reader) if (value.text.length === 10_000) count += 1;
    expect(count).toBe(2_000);
  });

  it('keeps values smaller than one write until closed, and closing twice or with nothing written is harmless', async () => {
    const small = new NdjsonFile<{ id: number }>(path.join(folder, 'small.ndjson'));
    for (let id = 0; id < 3; id++) await small.write({ id });
    await small.close();
    await small.close();
    const read = [];
    for await (const value of small.read()) read.push(value);
    expect(read).toEqual([{ id: 0 }, { id: 1 }, { id: 2 }]);

    const empty = new NdjsonFile<{ id: number }>(path.join(folder, 'empty.ndjson'));
    await empty.close();
    const none = [];
    for await (const value of empty.read()) none.push(value);
    expect(none).toEqual([]);
  });
});

import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTextChunks } from './text-chunks.js';

describe('readTextChunks', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'text-chunks-test-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('gives the whole text back, characters cut between two reads decoded whole, a read at a time', async () => {
    // One-, two-, three- and four-byte characters, so that reads of 7 bytes cut every kind of character.
    const text = 'ash é ☾ 🜂 '.repeat(500);
    const file = path.join(folder, 'text.txt');
    await writeFile(file, text, 'utf8');
    const chunks: string[] = [];
    for await (const chunk of readTextChunks(file, 7)) chunks.push(chunk);
    expect(chunks.join('')).toBe(text);
    expect(chunks.length).toBeGreaterThan(Buffer.byteLength(text) / 7 - 1);
    expect(chunks.every((chunk) => Buffer.byteLength(chunk) <= 7 + 3)).toBe(true);
    expect(chunks.some((chunk) => chunk.includes('\uFFFD'))).toBe(false);
  });

  it('reads an empty file as no chunk at all, and a missing one as an error', async () => {
    const empty = path.join(folder, 'empty.txt');
    await writeFile(empty, '');
    const chunks: string[] = [];
    for await (const chunk of readTextChunks(empty)) chunks.push(chunk);
    expect(chunks).toEqual([]);
    await expect(readTextChunks(path.join(folder, 'missing.txt')).next()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDemoEpub } from './demo-epub.js';
import { makeEpubCopy } from './epub-copy.js';
import { readEpubStructure } from './epub-structure.js';
import { openZipFile } from './zip-access.js';

/** Debian's epubcheck (scripts/install-system-deps.sh installs it): a jar, run with java. */
const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';
/**
 * A short run of one jar: the JVM's quick compiler only and its one-thread collector, so a
 * check costs half the CPU; what epubcheck says does not change.
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

let folder: string;

/** epubcheck's verdict on a file: its messages, without the file's name. */
async function epubcheck(file: string): Promise<{ summary: string; messages: string[] }> {
  const result = await promisify(execFile)('java', [...JVM_OPTIONS, '-jar', EPUBCHECK_JAR, file], {
    maxBuffer: 4 * 1024 * 1024,
  }).catch((error: { stdout: string; stderr: string }) => error);
  const output = `${result.stdout}\n${result.stderr}`;
  const summary = /Messages: .*/.exec(output)?.[0];
  if (!summary) throw new Error(`epubcheck said:\n${output}`);
  const messages = output
    .split('\n')
    .filter((line) => /^(FATAL|ERROR|WARNING|USAGE|INFO)/.test(line))
    .map((line) => line.replaceAll(file, 'book.epub'));
  return { summary, messages };
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'epubcheck-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the personal copy and epubcheck', () => {
  it('passes epubcheck exactly as the original does', async () => {
    const original = path.join(folder, 'original.epub');
    const copy = path.join(folder, 'copy.epub');
    await writeFile(original, await makeDemoEpub({ chapters: 4 }));
    const { zip, entries } = await openZipFile(original);
    const structure = await readEpubStructure(zip, entries);
    if (!structure.ok) throw new Error(structure.problems.join('\n'));
    const stamp = {
      buyerName: 'Ada <Reader> & Co',
      orderRef: '1234',
      fingerprint: 'c0123456789abcdef',
      madeAt: new Date(),
    };
    const { createWriteStream } = await import('node:fs');
    const { pipeline } = await import('node:stream/promises');
    await pipeline(makeEpubCopy(zip, entries, structure.layout, stamp), createWriteStream(copy));
    const [before, after] = [await epubcheck(original), await epubcheck(copy)];
    expect(before.summary).toBe('Messages: 0 fatals / 0 errors / 0 warnings / 0 infos');
    expect(after).toEqual(before);
  }, 240_000);
});

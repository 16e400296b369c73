import { open, type FileHandle } from 'node:fs/promises';
import { readTextChunks } from './text-chunks.js';

/** Characters of lines gathered before a write: one write for many small values, a few for a post's text. */
const WRITE_CHARS = 16 * 1024;

/** A scratch file of one JSON value per line: an import's items between its steps, never all in memory. */
export class NdjsonFile<T> {
  private handle: Promise<FileHandle> | null = null;
  private pending: string[] = [];
  private pendingChars = 0;
  private closed = false;

  constructor(readonly file: string) {}

  async write(value: T): Promise<void> {
    const line = JSON.stringify(value);
    this.pending.push(line);
    this.pendingChars += line.length + 1;
    if (this.pendingChars >= WRITE_CHARS) await this.flush();
  }

  /** Writes what is pending and closes the file; once closed, calling it again does nothing (a failed import's clean-up). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handle ??= open(this.file, 'w');
    const handle = await this.handle;
    try {
      await this.flush();
    } finally {
      await handle.close();
    }
  }

  /**
   * A string written through a file handle is copied to memory the write frees as soon as it is done; a write
   * stream would turn each batch into a buffer that lives until V8 next collects (see text-chunks.ts).
   */
  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const text = `${this.pending.join('\n')}\n`;
    this.pending = [];
    this.pendingChars = 0;
    this.handle ??= open(this.file, 'w');
    const { bytesWritten } = await (await this.handle).write(text);
    // A regular file takes a whole write or fails (a full disk); anything else would lose lines silently.
    if (bytesWritten !== Buffer.byteLength(text)) throw new Error(`Short write to ${this.file}`);
  }

  /**
   * The values back, one at a time, read only as fast as they are used: readline's iterator would buffer up to
   * 1,024 lines ahead of a slow consumer (the import's writes), tens of megabytes of posts.
   */
  async *read(): AsyncGenerator<T> {
    let partial = '';
    for await (const chunk of readTextChunks(this.file)) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) if (line) yield JSON.parse(line) as T;
    }
    if (partial) yield JSON.parse(partial) as T;
  }
}

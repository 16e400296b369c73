import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

/** A scratch file of one JSON value per line: an import's items between its steps, never all in memory. */
export class NdjsonFile<T> {
  private readonly out: WriteStream;

  constructor(readonly file: string) {
    this.out = createWriteStream(file);
  }

  async write(value: T): Promise<void> {
    if (!this.out.write(`${JSON.stringify(value)}\n`)) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    this.out.end();
    await once(this.out, 'finish');
  }

  /**
   * The values back, one at a time, read only as fast as they are used: readline's iterator would buffer up to
   * 1,024 lines ahead of a slow consumer (the import's writes), tens of megabytes of posts.
   */
  async *read(): AsyncGenerator<T> {
    let partial = '';
    for await (const chunk of createReadStream(this.file, { encoding: 'utf8' })) {
      const lines = (partial + (chunk as string)).split('\n');
      partial = lines.pop()!;
      for (const line of lines) if (line) yield JSON.parse(line) as T;
    }
    if (partial) yield JSON.parse(partial) as T;
  }
}

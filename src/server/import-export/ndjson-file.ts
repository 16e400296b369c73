import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

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

  async *read(): AsyncGenerator<T> {
    for await (const line of createInterface({ input: createReadStream(this.file), crlfDelay: Infinity }))
      if (line) yield JSON.parse(line) as T;
  }
}

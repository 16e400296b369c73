import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ImportRefused } from './import-refused.js';
import type { ConversionAnswer, ConversionRequest } from './markdown-worker.js';

/**
 * The worker's heap. turndown builds a DOM of every post: on the server's own heap that garbage is promoted and
 * left to grow to a few times the server's live data before V8 collects it (an extra ~200 MB of RSS while a
 * 5,000-post export is converted). In a worker whose heap holds little else, a small limit makes V8 collect early.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };
const TOO_LARGE = 'A post of this file is too large to convert: nothing was imported (split the post, or the file)';

/**
 * HTML → Markdown (html-to-markdown.ts) in a worker thread of its own, for a whole import: the conversion's
 * garbage stays in the worker's small heap, and the main thread keeps answering readers meanwhile.
 */
export class MarkdownConverter {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (markdown: string) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failure: Error | null = null;
  private closed = false;

  constructor() {
    const extension = path.extname(fileURLToPath(import.meta.url));
    this.worker = new Worker(new URL(`./markdown-worker${extension}`, import.meta.url), {
      resourceLimits: WORKER_LIMITS,
    });
    this.worker.on('message', (answer: ConversionAnswer) => {
      const waiter = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if ('markdown' in answer) waiter?.resolve(answer.markdown);
      else waiter?.reject(new Error(answer.error));
    });
    this.worker.on('error', (error: Error & { code?: string }) =>
      this.fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportRefused(TOO_LARGE, 413) : error),
    );
    this.worker.on('exit', () => {
      if (!this.closed) this.fail(new Error('The Markdown conversion stopped'));
    });
  }

  convert(html: string): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, html } satisfies ConversionRequest);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker.terminate();
    this.fail(new Error('The Markdown conversion is closed'));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }
}

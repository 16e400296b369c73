import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type * as HtmlToMarkdown from './html-to-markdown.js';

/** A request of markdown-converter.ts: one text to convert, answered under the same id. */
export type ConversionRequest = { id: number; html: string };
export type ConversionAnswer = { id: number; markdown: string } | { id: number; error: string };

// This file runs as a plain Node worker: compiled (.js) in production, from its TypeScript source under the tests,
// where Node strips the types itself. Either way the converter is the file beside it with the same extension.
const extension = path.extname(fileURLToPath(import.meta.url));
const { htmlToMarkdown } = (await import(`./html-to-markdown${extension}`)) as typeof HtmlToMarkdown;

parentPort!.on('message', ({ id, html }: ConversionRequest) => {
  let answer: ConversionAnswer;
  try {
    answer = { id, markdown: htmlToMarkdown(html) };
  } catch (error) {
    answer = { id, error: (error as Error).message };
  }
  parentPort!.postMessage(answer);
});

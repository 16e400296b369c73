import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtClientManifest, builtSsrEntry } from '../site/pages/client-app.js';
import type { SsrRenderInput } from '../site/pages/types.js';

/** What the stand-in renderer writes into each page, as JSON in `<script id="render">`. */
export type FakeRender = Pick<SsrRenderInput, 'url' | 'formOutcome'> & { count: number };

/**
 * A client build whose server renderer only reports what it was asked to render: the URL,
 * the refused form post and how many renders this process has made. Lets API tests go
 * through the real page path (buildApp, the HTML cache, headers) without building the app.
 */
export async function createFakeClientBuild(): Promise<{ clientDir: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-fake-build-'));
  const clientDir = path.join(root, 'client');
  await mkdir(path.dirname(builtClientManifest(clientDir)), { recursive: true });
  await mkdir(path.dirname(builtSsrEntry(clientDir)), { recursive: true });
  await writeFile(path.join(root, 'package.json'), JSON.stringify({ type: 'module' }));
  await writeFile(
    builtClientManifest(clientDir),
    JSON.stringify({ 'entry-client.tsx': { file: 'assets/entry.js', isEntry: true } }),
  );
  await writeFile(
    builtSsrEntry(clientDir),
    `export async function render(input) {
  globalThis.__fakeRenders = (globalThis.__fakeRenders ?? 0) + 1;
  const report = { url: input.url, formOutcome: input.formOutcome ?? null, count: globalThis.__fakeRenders };
  const json = JSON.stringify(report).replace(/</g, '\\\\u003c');
  return { kind: 'page', status: 200, cacheable: true,
    html: '<!DOCTYPE html><html><body><script type="application/json" id="render">' + json + '</script></body></html>' };
}
`,
  );
  return { clientDir, remove: () => rm(root, { recursive: true, force: true }) };
}

/** The report a page of the fake build carries. */
export function readFakeRender(html: string): FakeRender {
  const match = /<script type="application\/json" id="render">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error(`Not a page of the fake build: ${html.slice(0, 200)}`);
  return JSON.parse(match[1]) as FakeRender;
}

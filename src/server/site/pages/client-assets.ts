import { readFile } from 'node:fs/promises';
import type { ClientAssets } from './types.js';

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
type ViteManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type ViteManifest = Record<string, ViteManifestChunk>;

export const CLIENT_ENTRY = 'entry-client.tsx';

const url = (file: string) => `/${file}`;

/** The chunk and everything it imports statically (never what it imports dynamically). */
function staticClosure(manifest: ViteManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * The stylesheets of a chunk and its static imports in the order Vite's loader links them (an
 * import's before its importer's), which is the cascade order the styles were written for.
 */
function stylesheetsInCascadeOrder(manifest: ViteManifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  const sheets = (manifest[key].imports ?? []).flatMap((imported) =>
    stylesheetsInCascadeOrder(manifest, imported, seen),
  );
  for (const sheet of manifest[key].css ?? []) if (!sheets.includes(sheet)) sheets.push(sheet);
  return sheets;
}

function filesOf(manifest: ViteManifest, rootKey: string, keys: Iterable<string>) {
  const js = [...keys].map((key) => manifest[key]!.file);
  const css = [...new Set(stylesheetsInCascadeOrder(manifest, rootKey))];
  return { js, css };
}

/**
 * What the server renderer links: the entry's module script, stylesheets and static imports,
 * and for each lazily imported module (a page) the files it adds on top of the entry.
 */
export function clientAssetsFromManifest(manifest: ViteManifest, entryKey = CLIENT_ENTRY): ClientAssets {
  const entry = manifest[entryKey];
  if (!entry?.isEntry) throw new Error(`The client build manifest has no entry ${entryKey}`);
  const entryKeys = staticClosure(manifest, entryKey);
  const entryFiles = filesOf(manifest, entryKey, entryKeys);

  const chunks: ClientAssets['chunks'] = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !chunk.src) continue;
    const extra = [...staticClosure(manifest, key)].filter((candidate) => !entryKeys.has(candidate));
    const files = filesOf(manifest, key, extra);
    chunks[chunk.src] = {
      preloads: files.js.map(url),
      css: files.css.filter((sheet) => !entryFiles.css.includes(sheet)).map(url),
    };
  }

  return {
    css: entryFiles.css.map(url),
    scripts: [{ src: url(entry.file) }],
    preloads: entryFiles.js.filter((file) => file !== entry.file).map(url),
    chunks,
    loadAfterFirstPaint: true,
  };
}

/** The assets of the client build, from its manifest. */
export async function readClientAssets(manifestFile: string): Promise<ClientAssets> {
  return clientAssetsFromManifest(JSON.parse(await readFile(manifestFile, 'utf8')) as ViteManifest);
}

/**
 * Development: Vite serves the modules itself. Its HTML transform gives the client script and
 * the React Refresh preamble, which the renderer adds to the document.
 */
export function devClientAssets(transformedHtml: string, entryUrl: string): ClientAssets {
  const scripts: ClientAssets['scripts'] = [];
  for (const match of transformedHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = /\bsrc="([^"]+)"/.exec(match[1] ?? '')?.[1];
    if (src) scripts.push({ src });
    else if (match[2]?.trim()) scripts.push({ code: match[2] });
  }
  scripts.push({ src: entryUrl });
  return { css: [], scripts, preloads: [], chunks: {} };
}

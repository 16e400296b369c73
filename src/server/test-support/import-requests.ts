import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import type { ImportSummary } from '../../domain/import-export.js';
import type { AppContext } from './app-context.js';
import { bearer } from './http.js';
import { multipartBody } from './multipart.js';

export const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'import-export', 'fixtures');
export const fixture = (name: string) => readFile(path.join(fixturesDir, name));

/** POST /api/admin/import with the file (and mapping) as the admin would send them. */
export function postImport(
  context: AppContext,
  query: string,
  file: Buffer | string,
  options: {
    filename?: string;
    mapping?: string;
    /** Further form fields (consent, consentSource), sent before the file. */
    fields?: Record<string, string>;
    key?: string | null;
    headers?: Record<string, string>;
    /** A media archive sent beside the export (the `media` field). */
    media?: Buffer;
  } = {},
) {
  const parts = [{ field: 'file', filename: options.filename ?? 'export.bin', content: file }];
  if (options.media) parts.push({ field: 'media', filename: 'media.zip', content: options.media });
  if (options.mapping !== undefined) parts.push({ field: 'mapping', content: options.mapping } as never);
  for (const [field, content] of Object.entries(options.fields ?? {})) parts.unshift({ field, content } as never);
  const body = multipartBody(parts);
  const key = options.key === undefined ? context.token : options.key;
  return context.t.app.inject({
    method: 'POST',
    url: `/api/admin/import?${query}`,
    headers: { ...body.headers, ...(key ? bearer(key) : {}), ...options.headers },
    payload: body.payload,
  });
}

export async function importOk(
  context: AppContext,
  query: string,
  file: Buffer | string,
  mapping?: string,
  fields?: Record<string, string>,
  media?: Buffer,
) {
  const res = await postImport(context, query, file, {
    ...(mapping === undefined ? {} : { mapping }),
    fields,
    ...(media ? { media } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body}`);
  return res.json<ImportSummary>();
}

/** A zip of the fixture folder, as Substack's export downloads. */
export async function zipOf(folder: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const add = async (relative: string) => {
    for (const entry of await readdir(path.join(folder, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await add(name);
      else zip.addBuffer(await readFile(path.join(folder, name)), name);
    }
  };
  await add('');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A zip of the given files, as a media archive. A name may lead outside the archive (`../`), as an attacker's
 * would: yazl refuses to write such names, so they are written under a stand-in of the same length and put
 * back in the finished zip's bytes (the CRCs cover the contents, not the names).
 */
export async function zipOfEntries(
  entries: Array<{ name: string; content: Buffer; compress?: boolean }>,
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const renamed: Array<[string, string]> = [];
  entries.forEach(({ name, content, compress }, index) => {
    const safe = name.includes('..') ? name.replaceAll('..', `${index % 10}_`.slice(0, 2)) : name;
    if (safe !== name) renamed.push([safe, name]);
    zip.addBuffer(content, safe, { compress: compress ?? false });
  });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  for (const [safe, name] of renamed) {
    const from = Buffer.from(safe);
    for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from, at + 1)) bytes.write(name, at, 'latin1');
  }
  return bytes;
}

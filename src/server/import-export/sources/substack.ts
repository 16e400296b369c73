import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse';
import { ImportRefused } from '../import-refused.js';
import { legacyPathOf } from '../legacy-paths.js';
import type { SourcePost } from '../post-importer.js';
import { extractZip } from '../zip-reader.js';

const NOT_SUBSTACK =
  'This is not a Substack export: in Substack use Settings → Exports → Create new export and upload the .zip';

type PostRow = Record<string, string>;

const isWanted = (name: string) =>
  name === 'posts.csv' || /^posts\/[^/]+\.html$/.test(name) || /^[^/]+\.csv$/.test(name);

async function readRows(file: string): Promise<PostRow[]> {
  const rows: PostRow[] = [];
  for await (const row of createReadStream(file).pipe(parse({ bom: true, columns: true, relax_column_count: true })))
    rows.push(row as PostRow);
  return rows;
}

/** A Substack export zip: posts.csv with posts/<post_id>.html, and the email list CSV as subscribers. */
export async function openSubstackExport(file: string, scratch: string) {
  const into = path.join(scratch, 'substack');
  const names = await extractZip(file, into, isWanted);
  if (!names.includes('posts.csv')) throw new ImportRefused(NOT_SUBSTACK);
  let rows: PostRow[];
  try {
    rows = await readRows(path.join(into, 'posts.csv'));
  } catch {
    throw new ImportRefused(NOT_SUBSTACK);
  }
  if (rows.length > 0 && !('post_id' in rows[0]!)) throw new ImportRefused(NOT_SUBSTACK);
  const list = names.find((name) => /^email_list.*\.csv$/i.test(name) || /subscribers.*\.csv$/i.test(name));

  async function* posts(): AsyncGenerator<SourcePost> {
    for (const row of rows) {
      const postId = row.post_id ?? '';
      const htmlFile = path.join(into, 'posts', `${postId}.html`);
      const html = /^[\w.-]+$/.test(postId) && existsSync(htmlFile) ? await readFile(htmlFile, 'utf8') : '';
      const slug = postId.includes('.') ? postId.slice(postId.indexOf('.') + 1) : null;
      const published = row.is_published === 'true';
      const date = row.post_date ? new Date(row.post_date) : null;
      yield {
        sourceId: postId,
        type: 'post',
        title: row.title ?? '',
        slug,
        html,
        excerpt: row.subtitle ?? '',
        status: published ? 'published' : 'draft',
        statusLabel: published ? 'published' : 'draft',
        date: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
        categories: [],
        tags: [],
        featuredImage: null,
        legacyPaths: slug ? [legacyPathOf(`/p/${slug}`)].filter((p): p is string => p !== null) : [],
        ...(row.type && row.type !== 'newsletter' ? { skipReason: `a Substack ${row.type}, not a written post` } : {}),
      };
    }
  }
  return { posts, subscribersCsv: list ? path.join(into, list) : undefined, subscribersService: 'substack' };
}

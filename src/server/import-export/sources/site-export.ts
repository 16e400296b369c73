import { readFile } from 'node:fs/promises';
import path from 'node:path';
import secureJsonParse from 'secure-json-parse';
import { UPLOAD_NAME_PATTERN } from '../../../domain/uploads.js';
import type { AppServices } from '../../services.js';
import type { AppDatabase } from '../../db/connection.js';
import { inTransaction } from '../../db/in-transaction.js';
import { IMAGE_REFERENCES, linkImageReferences } from '../../content/images/image-references-repository.js';
import { ensureSearchIndex } from '../../content/search/search-index.js';
import { fillMissingExcerptSlugs } from '../../content/excerpts/excerpts-repository.js';
import { CONTENT_TABLES, type ContentTable } from '../export/site-tables.js';
import { ImportRefused } from '../import-refused.js';
import { importSubscribers } from '../subscriber-importer.js';
import { SummaryRecorder } from '../summary-recorder.js';
import { extractZip } from '../zip-reader.js';

const NOT_SITE_EXPORT = 'This is not an export of this site: use Settings → Export and upload its .zip';

const isWanted = (name: string) =>
  name === 'subscribers.csv' || /^content\/[a-z-]+\.json$/.test(name) || /^uploads\/[^/]+$/.test(name);

/** A row as the file has it, without its image reference (set again from its URL once the images are in). */
function withoutImageReference(table: ContentTable, row: Record<string, unknown>): Record<string, unknown> {
  const reference = IMAGE_REFERENCES.find((entry) => entry.table === table);
  if (!reference) return row;
  const { [reference.id]: _reference, ...rest } = row;
  return rest;
}

/**
 * The file's tag ids (by its `tags.json` rows) to the ids of the tags with the same slugs here: a tag the site
 * already had under that slug keeps its own id, and the restored posts are given it.
 */
async function tagIdsHere(db: AppDatabase, fileTags: readonly Record<string, unknown>[]): Promise<Map<string, string>> {
  const here = new Map(
    (await db.selectFrom('blogTags').select(['id', 'slug']).execute()).map((tag) => [tag.slug, tag.id]),
  );
  const ids = new Map<string, string>();
  for (const tag of fileTags) {
    const id = here.get(String(tag.slug));
    if (id) ids.set(String(tag.id), id);
  }
  return ids;
}

async function rowsOf(file: string): Promise<Record<string, unknown>[]> {
  const rows: unknown = secureJsonParse.parse(await readFile(file, 'utf8'), undefined, {
    protoAction: 'remove',
    constructorAction: 'remove',
  });
  if (!Array.isArray(rows)) throw new ImportRefused(NOT_SITE_EXPORT);
  return rows as Record<string, unknown>[];
}

/**
 * This site's own export zip, back into a site: every content table's rows as they were (ids, slugs, dates),
 * each row that is not there yet (categories, tags and pages too; a restored post's tags, by slug); the uploads;
 * the subscribers. Rows already present are left alone, so a
 * restore twice changes nothing. The search index is rebuilt from the restored rows.
 */
export async function restoreSiteExport(
  services: AppServices,
  file: string,
  scratch: string,
  options: { dryRun: boolean; recorder: SummaryRecorder },
): Promise<void> {
  const into = path.join(scratch, 'site');
  const names = await extractZip(file, into, isWanted);
  if (!names.includes('content/posts.json')) throw new ImportRefused(NOT_SITE_EXPORT);
  const tables: { table: ContentTable; name: string; rows: Record<string, unknown>[] }[] = [];
  for (const { table, file: name } of CONTENT_TABLES) {
    const source = path.join(into, 'content', `${name}.json`);
    tables.push({ table, name, rows: names.includes(`content/${name}.json`) ? await rowsOf(source) : [] });
  }
  const subscribers = names.includes('subscribers.csv') ? path.join(into, 'subscribers.csv') : null;
  const restoreSubscribers = (dryRun: boolean, recorder: SummaryRecorder) =>
    subscribers
      ? importSubscribers(services.db, subscribers, { dryRun, scratch, recorder, service: 'site-export' })
      : Promise.resolve();
  const { summary } = options.recorder;
  const posts = tables.find((entry) => entry.table === 'blogPosts')!.rows;
  if (options.dryRun) {
    await restoreSubscribers(true, options.recorder);
    for (const post of posts) {
      const kind = post.status === 'draft' ? 'drafts' : post.status === 'scheduled' ? 'scheduled' : 'posts';
      summary.created[kind] += 1;
    }
    summary.created.pages = tables.find((entry) => entry.table === 'sitePages')!.rows.length;
    return;
  }
  // The list is checked before anything is written: a bad one refuses the whole restore.
  await restoreSubscribers(true, new SummaryRecorder('site', true));
  const created = summary.created;
  const fileTags = tables.find((entry) => entry.table === 'blogTags')!.rows;
  await inTransaction(services.db, async (trx) => {
    /** The posts this restore adds: only they take the file's tags (a post already here keeps its own). */
    const addedPosts = new Set<string>();
    let tagIds = new Map<string, string>();
    for (const { table, name, rows } of tables) {
      let added = 0;
      if (table === 'blogPostTags') tagIds = await tagIdsHere(trx, fileTags);
      for (const row of rows) {
        if (table === 'blogPostTags' && !addedPosts.has(String(row.postId))) continue;
        const values = table === 'blogPostTags' ? { ...row, tagId: tagIds.get(String(row.tagId)) ?? row.tagId } : row;
        const result = await trx
          .insertInto(table)
          .values(withoutImageReference(table, values) as never)
          .onConflict((conflict) => conflict.doNothing())
          .executeTakeFirst();
        const inserted = Number(result.numInsertedOrUpdatedRows ?? 0n);
        added += inserted;
        if (table === 'blogPosts' && inserted) {
          addedPosts.add(String(row.id));
          const kind = row.status === 'draft' ? 'drafts' : row.status === 'scheduled' ? 'scheduled' : 'posts';
          created[kind] += 1;
        }
      }
      if (table === 'images') created.images = added;
      if (table === 'sitePages') created.pages = added;
      if (added < rows.length && table !== 'blogPostTags')
        options.recorder.record(
          {
            item: `${name}.json`,
            kind: 'post',
            action: 'skip',
            reason: `${rows.length - added} of ${rows.length} already on the site`,
          },
          false,
        );
    }
    await linkImageReferences(trx);
    await fillMissingExcerptSlugs(trx);
  });
  const uploadNames = names.filter((name) => name.startsWith('uploads/')).map((name) => name.slice('uploads/'.length));
  const present = new Set(await services.uploads.list());
  for (const name of uploadNames) {
    if (!UPLOAD_NAME_PATTERN.test(name) || present.has(name)) continue;
    await services.uploads.write(name, await readFile(path.join(into, 'uploads', name)), 'new');
  }
  await restoreSubscribers(false, options.recorder);
  await ensureSearchIndex(services.db);
}

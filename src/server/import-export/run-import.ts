import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportProgress, ImportSource, ImportSummary } from '../../domain/import-export.js';
import { inTransaction } from '../db/in-transaction.js';
import { isUniqueViolation } from '../db/row-conversion.js';
import type { AppServices } from '../services.js';
import { ImageFetcher, type LocalImages } from './image-fetcher.js';
import { ImportRefused } from './import-refused.js';
import { MediaArchive } from './media-archive.js';
import { MarkdownConverter } from './markdown-converter.js';
import { NdjsonFile } from './ndjson-file.js';
import {
  PostImporter,
  type BroughtImages,
  type Plan,
  type PlannedImages,
  type PreparedPost,
  type SourcePost,
} from './post-importer.js';
import { readGhostExport } from './sources/ghost.js';
import { restoreSiteExport } from './sources/site-export.js';
import { openSubstackExport } from './sources/substack.js';
import { readWordPressExport, type WordPressAttachmentPages, type WordPressAttachments } from './sources/wordpress.js';
import { recordLegacyPathsOfSourcePosts } from './imported-items.js';
import type { ConsentStatement } from './consent-statement.js';
import { importSubscribers } from './subscriber-importer.js';
import { SummaryRecorder } from './summary-recorder.js';

export type ImportOptions = {
  source: ImportSource;
  /** The uploaded file, on disk. */
  file: string;
  /** A media archive uploaded beside it (WordPress, Ghost, Substack), on disk. */
  media?: string | undefined;
  dryRun: boolean;
  /** Subscribers: the `mapping` JSON. */
  mappingJson?: string;
  /** Subscribers in a file with no status column: what the author said of their consent. */
  consent?: ConsentStatement;
  onProgress?: (progress: ImportProgress) => void;
};

type PostSource = {
  /** Reads the file's posts from the start; called once per pass. */
  posts: () => AsyncIterable<SourcePost>;
  images?: LocalImages;
  /** Old addresses by the source id of the post they lead to, known once the whole file is read. */
  postPaths?: ReadonlyMap<string, readonly string[]>;
  /** Ghost members / Substack subscribers, a CSV or a list written to a CSV, to import after the posts. */
  subscribersCsv?: string | undefined;
  subscribersService?: string;
};

async function openPostSource(
  source: Exclude<ImportSource, 'subscribers' | 'site'>,
  file: string,
  scratch: string,
): Promise<PostSource> {
  if (source === 'wordpress') {
    const attachments: WordPressAttachments = new Map();
    const pages: WordPressAttachmentPages = new Map();
    return { posts: () => readWordPressExport(file, attachments, pages), postPaths: pages };
  }
  if (source === 'ghost') return readGhostExport(file, scratch);
  return openSubstackExport(file, scratch);
}

/**
 * Posts in three steps: a check of the whole file (the dry run; a bad file is refused here, nothing written) that
 * keeps each post to create, converted, in a scratch file; then the images of those that have any brought in (no
 * transaction held while fetching; only their addresses are kept in memory); then the scratch file read once more,
 * each post written with its images in place, all in one transaction. The text of the posts is never all in memory.
 * The public caches of every instance are cleared once at the end.
 */
async function importPosts(
  services: AppServices,
  sourceName: ImportSource,
  posts: PostSource,
  options: ImportOptions,
  scratch: string,
  archive: MediaArchive | null,
): Promise<ImportSummary> {
  const importer = await PostImporter.open(services.db, sourceName);
  const check = new SummaryRecorder(sourceName, options.dryRun);
  const images = new ImageFetcher(services.uploads, posts.images, services.outbound, archive);
  if (archive) for (const { name, reason } of archive.refused) check.warn(`media archive: ${name}`, reason);
  // The import keeps each planned post (its text already converted) for the writes, so nothing is parsed twice.
  const plans = options.dryRun ? null : new NdjsonFile<Plan>(path.join(scratch, 'plans.ndjson'));
  const recorder = new SummaryRecorder(sourceName, false);
  /** The posts to create that show images, by their place in `plans`. */
  const withImages = new Map<number, PlannedImages>();
  let toCreate = 0;
  const converter = new MarkdownConverter();
  try {
    for await (const post of convertedAhead(posts.posts(), importer, converter)) {
      const plan = importer.plan(post);
      // The categories and tags this post makes, each said once (the import makes them with the posts).
      for (const term of importer.takeNewTerms()) {
        check.record(term);
        recorder.record(term);
      }
      if (!plans && plan.item.action === 'create') {
        // The dry run says where each image will come from, and which will be missing.
        const planned = importer.imagesOf(plan);
        const described = planned ? await importer.describeImages(planned, images) : null;
        const others = (plan.item.warnings ?? []).filter((warning) => !/ to bring in$/.test(warning));
        plan.item.warnings = [...others, ...(described?.warnings ?? [])];
      }
      check.record(plan.item);
      if (plan.item.action !== 'create') recorder.record(plan.item);
      else if (plans) {
        const planned = importer.imagesOf(plan);
        if (planned) withImages.set(toCreate, planned);
        toCreate += 1;
        await plans.write({ ...plan, source: { ...plan.source, html: '', markdown: '' } });
      }
    }
  } finally {
    await converter.close();
    await plans?.close();
  }
  if (!plans) {
    // What the dry run says it would bring in: the images found in the archive or on their host, each address once.
    check.summary.created.images = images.counts.archive + images.counts.fetched;
    check.summary.media = { ...images.counts, refused: archive?.refused.length ?? 0 };
    return check.summary;
  }
  const total = withImages.size + toCreate;
  let done = 0;
  const brought = new Map<number, BroughtImages>();
  for (const [index, planned] of withImages) {
    brought.set(index, await importer.bringImages(planned, images));
    options.onProgress?.({ done: ++done, total });
  }
  withImages.clear();
  if (done === 0 && total > 0) options.onProgress?.({ done, total });
  await inTransaction(services.db, async (trx) => {
    await importer.writeCategories(trx);
    let index = 0;
    // Pages (tens, a few hundred at most) wait for the end: a subpage may come before its parent in the file.
    const pages: Array<Extract<PreparedPost, { kind: 'page' }>> = [];
    for await (const plan of plans.read()) {
      const { post, warnings } = importer.prepare(plan, brought.get(index));
      brought.delete(index++);
      recorder.record({ ...plan.item, warnings });
      if (post.kind === 'page') pages.push(post);
      else await importer.write(trx, post);
      done += 1;
      if (done % 25 === 0 || done === total) options.onProgress?.({ done, total });
    }
    await importer.writePages(trx, pages);
    if (posts.postPaths) await recordLegacyPathsOfSourcePosts(trx, sourceName, posts.postPaths);
  });
  // Their variants are made in the background, one image at a time, once the posts are written.
  if (images.stored > 0) services.imageVariants.notify();
  recorder.summary.created.images = images.stored;
  recorder.summary.media = { ...images.counts, refused: archive?.refused.length ?? 0 };
  for (const { name, reason } of archive?.refused ?? []) recorder.warn(`media archive: ${name}`, reason);
  return recorder.summary;
}

/** How many posts are converted ahead of the one being planned: the worker converts while this thread parses. */
const CONVERTED_AHEAD = 8;

/** The posts with their HTML converted to Markdown in the worker (those plan() converts), in the file's order. */
async function* convertedAhead(
  posts: AsyncIterable<SourcePost>,
  importer: PostImporter,
  converter: MarkdownConverter,
): AsyncGenerator<SourcePost> {
  const ahead: Promise<SourcePost>[] = [];
  for await (const post of posts) {
    const converted = importer.needsConversion(post)
      ? converter.convert(post.html).then((markdown) => ({ ...post, html: '', markdown }))
      : Promise.resolve(post);
    // Awaited in turn below; a failure meanwhile is not an unhandled rejection.
    converted.catch(() => undefined);
    ahead.push(converted);
    if (ahead.length >= CONVERTED_AHEAD) yield await ahead.shift()!;
  }
  while (ahead.length > 0) yield await ahead.shift()!;
}

/** Runs one import (or its dry run) of an uploaded file; throws ImportRefused for a file it will not take. */
export async function runImport(services: AppServices, options: ImportOptions): Promise<ImportSummary> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'site-import-'));
  let archive: MediaArchive | null = null;
  try {
    if (options.media && (options.source === 'subscribers' || options.source === 'site'))
      throw new ImportRefused('A media archive goes with a WordPress, Ghost or Substack export only');
    if (options.source === 'subscribers') {
      const recorder = new SummaryRecorder('subscribers', options.dryRun);
      await importSubscribers(services.db, options.file, { ...options, scratch, recorder });
      return recorder.summary;
    }
    if (options.source === 'site') {
      const recorder = new SummaryRecorder('site', options.dryRun);
      await restoreSiteExport(services, options.file, scratch, { dryRun: options.dryRun, recorder });
      return recorder.summary;
    }
    const posts = await openPostSource(options.source, options.file, scratch);
    archive = options.media ? await MediaArchive.open(options.media) : null;
    const members = (dryRun: boolean) => {
      const recorder = new SummaryRecorder(options.source, dryRun);
      const file = posts.subscribersCsv!;
      return importSubscribers(services.db, file, {
        dryRun,
        scratch,
        recorder,
        service: posts.subscribersService,
      }).then(() => recorder.summary);
    };
    // The members are checked before any post is written, so a bad list refuses the whole import.
    const checkedMembers = posts.subscribersCsv ? await members(true) : null;
    const summary = await importPosts(services, options.source, posts, options, scratch, archive);
    if (checkedMembers) mergeSubscribers(summary, options.dryRun ? checkedMembers : await members(false));
    return summary;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ImportRefused(
        'Something was written to the site while importing: nothing was imported, try again',
        409,
      );
    throw error;
  } finally {
    archive?.close();
    await rm(scratch, { recursive: true, force: true });
    if (!options.dryRun) services.cache.clear();
  }
}

function mergeSubscribers(summary: ImportSummary, members: ImportSummary): void {
  summary.created.subscribers += members.created.subscribers;
  summary.updated += members.updated;
  summary.skipped.push(...members.skipped);
  summary.skippedCount += members.skippedCount;
  summary.warnings.push(...members.warnings);
  summary.omitted += members.omitted;
  summary.service = members.service;
  if (members.statuses) summary.statuses = members.statuses;
}

import { emptySummary, type ImportItem, type ImportSource, type ImportSummary } from '../../domain/import-export.js';

/**
 * The skipped and warnings lists stop here, the rest counted in `omitted` (a 100,000-row CSV stays a small answer);
 * posts are listed item by item up to LISTED_POSTS, so the summary's CSV holds every post of a big blog.
 */
const LISTED_DETAILS = 2_000;
const LISTED_POSTS = 20_000;

/** Builds an import's summary item by item. */
export class SummaryRecorder {
  readonly summary: ImportSummary;

  constructor(source: ImportSource, dryRun: boolean) {
    this.summary = emptySummary(source, dryRun);
  }

  /** Whether `list` has room for one more; if not, counts the entry in `omitted` unless it is shown elsewhere. */
  private room(list: unknown[], limit: number, shownElsewhere = false): boolean {
    if (list.length < limit) return true;
    if (!shownElsewhere) this.summary.omitted += 1;
    return false;
  }

  record(item: ImportItem, listItem = true): void {
    // A listed item carries its reason and warnings: those left out of the shorter lists are not lost.
    const itemListed = listItem && this.room(this.summary.items, LISTED_POSTS);
    if (itemListed) this.summary.items.push(item);
    if (item.action === 'skip') {
      this.summary.skippedCount += 1;
      if (this.room(this.summary.skipped, LISTED_DETAILS, itemListed))
        this.summary.skipped.push({ item: item.item, reason: item.reason ?? '' });
    } else if (item.action === 'update') {
      this.summary.updated += 1;
    } else {
      const created = this.summary.created;
      if (item.kind === 'post') created.posts += 1;
      else if (item.kind === 'draft') created.drafts += 1;
      else if (item.kind === 'scheduled') created.scheduled += 1;
      else if (item.kind === 'subscriber') created.subscribers += 1;
      else if (item.kind === 'page') created.pages += 1;
      else if (item.kind === 'category') created.categories += 1;
      else if (item.kind === 'tag') created.tags += 1;
      created.comments += item.comments ?? 0;
    }
    for (const message of item.warnings ?? []) this.warn(item.item, message, itemListed);
  }

  warn(item: string, message: string, shownWithItem = false): void {
    if (this.room(this.summary.warnings, LISTED_DETAILS, shownWithItem)) this.summary.warnings.push({ item, message });
  }
}

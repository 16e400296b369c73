import { emptySummary, type ImportItem, type ImportSource, type ImportSummary } from '../../domain/import-export.js';

/** Lists in the answer stop here; the rest is counted in `omitted` (a 100,000-row CSV stays a small answer). */
const LISTED_ITEMS = 2_000;

/** Builds an import's summary item by item. */
export class SummaryRecorder {
  readonly summary: ImportSummary;

  constructor(source: ImportSource, dryRun: boolean) {
    this.summary = emptySummary(source, dryRun);
  }

  private listed(list: unknown[]): boolean {
    if (list.length < LISTED_ITEMS) return true;
    this.summary.omitted += 1;
    return false;
  }

  record(item: ImportItem, listItem = true): void {
    if (item.action === 'skip') {
      if (this.listed(this.summary.skipped)) this.summary.skipped.push({ item: item.item, reason: item.reason ?? '' });
    } else if (item.action === 'update') {
      this.summary.updated += 1;
    } else {
      const created = this.summary.created;
      if (item.kind === 'post') created.posts += 1;
      else if (item.kind === 'draft') created.drafts += 1;
      else if (item.kind === 'scheduled') created.scheduled += 1;
      else if (item.kind === 'subscriber') created.subscribers += 1;
    }
    for (const message of item.warnings ?? []) this.warn(item.item, message);
    if (listItem && this.listed(this.summary.items)) this.summary.items.push(item);
  }

  warn(item: string, message: string): void {
    if (this.listed(this.summary.warnings)) this.summary.warnings.push({ item, message });
  }
}

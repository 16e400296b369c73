import type { ImportSummary } from './import-export.js';
import { toCsv } from './csv.js';

type Row = { item: string; kind: string; action: string; detail: string };

/** The summary as a spreadsheet: one row per item, skipped reason or warning in `detail`. */
export function importSummaryCsv(summary: ImportSummary): string {
  const rows: Row[] = summary.items.map((item) => ({
    item: item.item,
    kind: item.kind,
    action: item.action,
    detail: [item.reason, ...(item.warnings ?? [])].filter(Boolean).join('; '),
  }));
  const listed = new Set(summary.items.map((item) => item.item));
  for (const skipped of summary.skipped)
    if (!listed.has(skipped.item)) rows.push({ item: skipped.item, kind: '', action: 'skip', detail: skipped.reason });
  for (const warning of summary.warnings)
    if (!listed.has(warning.item))
      rows.push({ item: warning.item, kind: '', action: 'warning', detail: warning.message });
  for (const { status, count, meaning } of summary.statuses ?? [])
    rows.push({ item: `status ${status}`, kind: 'subscriber', action: 'count', detail: `${count}: ${meaning}` });
  if (summary.consent?.choice)
    rows.push({
      item: 'consent',
      kind: 'subscriber',
      action: summary.consent.choice,
      detail:
        summary.consent.choice === 'given'
          ? `${summary.consent.rows} without a status agreed at: ${summary.consent.source ?? ''}`
          : `${summary.consent.rows} without a status imported as not mailed`,
    });
  return toCsv(
    [
      { header: 'item', value: (row: Row) => row.item },
      { header: 'kind', value: (row: Row) => row.kind },
      { header: 'action', value: (row: Row) => row.action },
      { header: 'detail', value: (row: Row) => row.detail },
    ],
    rows,
  );
}

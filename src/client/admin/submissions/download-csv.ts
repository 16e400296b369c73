import { downloadWithAdminKey } from '../ui/download-file.js';

export type CsvExportName = 'contact' | 'newsletter' | 'preorders' | 'orders' | 'fediverse/followers';

/** GET /api/admin/{name}.csv as the admin and saves it; resolves with the file name. */
export function downloadCsv(name: CsvExportName, adminKey: string): Promise<string> {
  return downloadWithAdminKey(`/api/admin/${name}.csv`, adminKey, {
    fallbackName: `${name.replace('/', '-')}.csv`,
    failureMessage: 'Failed to download the CSV file. Please try again.',
  });
}

import { Button } from '@mantine/core';
import { DownloadIcon } from '../../ui/icons.js';
import { useAdminDownload } from '../ui/use-admin-download.js';
import { downloadCsv, type CsvExportName } from './download-csv.js';

/** 'Download CSV' for one admin list; a 401 ends the session like any admin call. */
export function CsvDownloadButton({ name, what, disabled }: { name: CsvExportName; what: string; disabled?: boolean }) {
  const { downloading, start } = useAdminDownload({
    download: (key) => downloadCsv(name, key),
    successTitle: 'Download started',
    failureTitle: 'Download failed',
    failureMessage: 'Failed to download the CSV file. Please try again.',
  });

  return (
    <Button
      variant="default"
      leftSection={<DownloadIcon size={16} />}
      onClick={() => void start()}
      disabled={disabled || downloading}
      aria-label={`Download CSV of ${what}`}
    >
      {downloading ? 'Preparing...' : 'Download CSV'}
    </Button>
  );
}

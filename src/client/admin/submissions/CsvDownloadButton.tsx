import { Button } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../ui/toast-store.js';
import { useAdminSession } from '../session/AdminSession.js';
import { readAdminKey } from '../session/admin-key-store.js';
import { DownloadIcon } from '../../ui/icons.js';
import { DownloadError } from '../ui/download-file.js';
import { downloadCsv, type CsvExportName } from './download-csv.js';

/** 'Download CSV' for one admin list; a 401 ends the session like any admin call. */
export function CsvDownloadButton({ name, what, disabled }: { name: CsvExportName; what: string; disabled?: boolean }) {
  const session = useAdminSession();
  const [downloading, setDownloading] = useState(false);

  async function onClick() {
    const key = readAdminKey();
    if (!key) {
      session.expire();
      return;
    }
    setDownloading(true);
    try {
      const fileName = await downloadCsv(name, key);
      toast({ title: 'Download started', description: `Saving ${fileName}` });
    } catch (error) {
      if (error instanceof DownloadError && error.status === 401) {
        session.expire();
      } else {
        const message = error instanceof Error ? error.message : 'Failed to download the CSV file. Please try again.';
        toast({ title: 'Download failed', description: message, variant: 'destructive' });
      }
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Button
      variant="default"
      leftSection={<DownloadIcon size={16} />}
      onClick={() => void onClick()}
      disabled={disabled || downloading}
      aria-label={`Download CSV of ${what}`}
    >
      {downloading ? 'Preparing...' : 'Download CSV'}
    </Button>
  );
}

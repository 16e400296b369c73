import { Button, Group } from '@mantine/core';
import { EXPORT_PATH } from '../../../domain/import-export.js';
import { DownloadIcon } from '../../ui/icons.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { downloadWithAdminKey } from '../ui/download-file.js';
import { useAdminDownload } from '../ui/use-admin-download.js';

const FAILURE_MESSAGE = 'Failed to make the export. Please try again.';

/** Settings → Export: everything in one zip, to keep or to move to another platform. */
export function ExportPanel() {
  const { downloading, start } = useAdminDownload({
    download: (key) =>
      downloadWithAdminKey(EXPORT_PATH, key, { fallbackName: 'site-export.zip', failureMessage: FAILURE_MESSAGE }),
    successTitle: 'Export downloaded',
    failureTitle: 'Export failed',
    failureMessage: FAILURE_MESSAGE,
  });
  return (
    <AdminPanel
      id="export"
      title="Export"
      description="One .zip with every post and excerpt as Markdown, books, series, art and playlists as JSON, subscribers, contact messages and preorders as CSV, every upload, and what moving elsewhere takes: a WordPress file (Tools → Import → WordPress), a Ghost import .zip with the posts' images (Settings → Labs → Import content) and a Ghost members CSV that keeps who unsubscribed (Members → Import)."
    >
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<DownloadIcon size={16} />}
          onClick={() => void start()}
          disabled={downloading}
        >
          {downloading ? 'Making the export...' : 'Download the export (.zip)'}
        </Button>
      </Group>
    </AdminPanel>
  );
}

import { AdminPanel } from '../ui/AdminPanel.js';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatBytes } from '../../../domain/uploads.js';
import { trpc } from '../../trpc.js';
import { downloadWithAdminKey } from '../ui/download-file.js';
import { useAdminDownload } from '../ui/use-admin-download.js';
import { formatAdminDate } from '../ui/format-date.js';
import { DownloadIcon } from '../../ui/icons.js';
import { LoadError } from '../ui/ListStates.js';

const FAILURE_MESSAGE = 'Failed to make the backup. Please try again.';

const UNITS = [
  { ms: 86_400_000, one: 'day' },
  { ms: 3_600_000, one: 'hour' },
  { ms: 60_000, one: 'minute' },
] as const;

/** 86400000 → 'every day', 21600000 → 'every 6 hours'. */
function describeInterval(ms: number): string {
  const unit = UNITS.find((candidate) => ms % candidate.ms === 0) ?? UNITS[2];
  const count = Math.round(ms / unit.ms);
  return count === 1 ? `every ${unit.one}` : `every ${count} ${unit.one}s`;
}

/** Settings: when the last backup ran, the schedule, and a fresh archive to download. */
export function BackupPanel() {
  const status = trpc.maintenance.backupStatus.useQuery();
  const { downloading, start: downloadNow } = useAdminDownload({
    download: (key) =>
      downloadWithAdminKey('/api/admin/backup', key, {
        fallbackName: 'site-backup.tar.gz',
        failureMessage: FAILURE_MESSAGE,
      }),
    successTitle: 'Backup downloaded',
    failureTitle: 'Backup failed',
    failureMessage: FAILURE_MESSAGE,
    onDone: () => status.refetch(),
  });

  const last = status.data?.lastBackup;
  return (
    <AdminPanel
      id="backups"
      title="Backups"
      description="Each backup holds the whole database and every uploaded image in one archive."
    >
      {status.isPending ? (
        <Skeleton height={44} radius="sm" aria-label="Loading backups" />
      ) : status.isError ? (
        <LoadError title="Could not load the backups" error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <Stack gap={4}>
          <Text size="sm" data-testid="last-backup">
            <Text span fw={600}>
              Last backup:{' '}
            </Text>
            {last ? (
              <>
                <time dateTime={last.createdAt.toISOString()}>{formatAdminDate(last.createdAt)}</time>
                {` · ${formatBytes(last.bytes)}`}
              </>
            ) : (
              'none yet'
            )}
          </Text>
          <Text size="sm" c="dimmed">
            {status.data.everyMs === null
              ? 'Scheduled backups are off (BACKUP_EVERY=off).'
              : `A backup is made ${describeInterval(status.data.everyMs)}; the newest ${status.data.keep} are kept on the server.`}
          </Text>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<DownloadIcon size={16} />}
          onClick={() => void downloadNow()}
          disabled={downloading}
        >
          {downloading ? 'Making the backup...' : 'Download a backup now'}
        </Button>
      </Group>
    </AdminPanel>
  );
}

import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { CsvDownloadButton } from '../submissions/CsvDownloadButton.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { LoadError } from '../ui/ListStates.js';
import { formatAdminDate } from '../ui/format-date.js';

/** Follows from the fediverse waiting for the author (Settings → Site → hold follows): approve or reject each. */
export function FollowRequestsPanel() {
  const utils = trpc.useUtils();
  const pending = trpc.fediverse.followers.useQuery({ status: 'pending', limit: 100 });
  const answer = trpc.fediverse.answerFollow.useMutation();

  async function reply(actorId: string, approve: boolean) {
    try {
      await answer.mutateAsync({ actorId, approve });
      await Promise.all([utils.fediverse.followers.invalidate(), utils.fediverse.summary.invalidate()]);
    } catch (error) {
      toastFailure(approve ? 'Not approved' : 'Not rejected', error, 'Please try again.');
    }
  }

  return (
    <AdminPanel
      id="follow-requests"
      title="Follow requests"
      description="Accounts asking to follow the site while Settings → Site holds follows for your approval. The CSV lists every follower (handle, account address, since when)."
    >
      <Group mb="sm">
        <CsvDownloadButton name="fediverse/followers" what="the fediverse followers" />
      </Group>
      {pending.isPending ? (
        <Skeleton height={40} aria-label="Loading the follow requests" />
      ) : pending.isError ? (
        <LoadError
          title="Could not load the follow requests"
          error={pending.error}
          onRetry={() => void pending.refetch()}
        />
      ) : pending.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No follow is waiting.
        </Text>
      ) : (
        <Stack gap="xs">
          {pending.data.items.map((row) => (
            <Group key={row.actorId} justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                <a
                  href={/^https?:\/\//.test(row.actorId) ? row.actorId : undefined}
                  rel="nofollow noopener noreferrer"
                  target="_blank"
                >
                  {row.handle}
                </a>{' '}
                <Text span size="xs" c="dimmed">
                  since {formatAdminDate(row.createdAt)}
                </Text>
              </Text>
              <Group gap="xs">
                <Button size="xs" onClick={() => void reply(row.actorId, true)} aria-label={`Approve ${row.handle}`}>
                  Approve
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void reply(row.actorId, false)}
                  aria-label={`Reject ${row.handle}`}
                >
                  Reject
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </AdminPanel>
  );
}

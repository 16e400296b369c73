import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { COMMENT_STATUSES, type CommentTargetKind } from '../../../domain/comments.js';
import { trpc, type RouterInputs } from '../../trpc.js';
import { EmptyState, ListSkeleton, LoadError } from '../ui/ListStates.js';
import { SectionHeader } from '../ui/SectionHeader.js';
import { CommentCard, COMMENT_STATUS_LABELS } from './CommentCard.js';
import { CommentSettingsPanel } from './CommentSettingsPanel.js';
import { FediverseBlocksPanel } from './FediverseBlocksPanel.js';
import { FollowRequestsPanel } from './FollowRequestsPanel.js';

type Show = 'held' | 'reported' | 'all' | (typeof COMMENT_STATUSES)[number];

const SHOW_OPTIONS: Array<{ value: Show; label: string }> = [
  { value: 'held', label: 'Waiting for approval' },
  { value: 'reported', label: 'Reported' },
  { value: 'all', label: 'All comments' },
  ...COMMENT_STATUSES.filter((status) => status !== 'held').map((status) => ({
    value: status,
    label: COMMENT_STATUS_LABELS[status],
  })),
];

const EMPTY: Record<string, string> = {
  held: 'No comment is waiting for you.',
  reported: 'No reader has reported a comment.',
};

/**
 * Readers' comments: the queue (waiting for approval, reported) with approve / hide / delete / ban / spoiler, every
 * comment by state and by post, and the comment settings.
 */
export function CommentsTab() {
  const [show, setShow] = useState<Show>('held');
  const [target, setTarget] = useState('');
  const targets = trpc.comments.targets.useQuery();
  const [targetKind, targetId] = target ? (target.split(':') as [CommentTargetKind, string]) : [undefined, undefined];
  const input: RouterInputs['comments']['queue'] = {
    ...(show === 'reported' ? { reported: true, status: 'all' } : { status: show }),
    ...(targetKind && targetId ? { targetKind, targetId } : {}),
    limit: 200,
  };
  const queue = trpc.comments.queue.useQuery(input, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const refresh = () => void Promise.all([utils.comments.queue.invalidate(), utils.comments.targets.invalidate()]);
  const targetOptions = [
    { value: '', label: 'Every post and excerpt' },
    ...(targets.data ?? []).map((row) => ({
      value: `${row.targetKind}:${row.targetId}`,
      label: `${row.target?.title ?? `A deleted ${row.targetKind}`} (${row.count})`,
    })),
  ];

  return (
    <Stack gap="lg">
      <div>
        <SectionHeader title="Comments" />
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Show"
            data={SHOW_OPTIONS}
            value={show}
            onChange={(event) => setShow(event.currentTarget.value as Show)}
            style={{ flex: '0 1 220px' }}
          />
          <NativeSelect
            label="Post or excerpt"
            data={targetOptions}
            value={target}
            onChange={(event) => setTarget(event.currentTarget.value)}
            style={{ flex: '1 1 240px', minWidth: 0 }}
          />
        </Group>
        {queue.isPending ? (
          <ListSkeleton label="Loading comments" />
        ) : queue.isError ? (
          <LoadError title="Could not load the comments" error={queue.error} onRetry={() => void queue.refetch()} />
        ) : queue.data.length === 0 ? (
          <EmptyState
            title={EMPTY[show] ?? 'No comment matches.'}
            hint="Readers who subscribe to the newsletter comment under posts and excerpts."
          />
        ) : (
          <>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comments">
              {queue.data.map((comment) => (
                <CommentCard key={comment.id} comment={comment} onDone={refresh} />
              ))}
            </Stack>
            {queue.data.length === 200 && (
              <Text size="sm" c="dimmed" mt="sm">
                The newest 200 are shown: choose a post or a state to see others.
              </Text>
            )}
          </>
        )}
      </div>
      <CommentSettingsPanel />
      <FollowRequestsPanel />
      <FediverseBlocksPanel />
    </Stack>
  );
}

import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import {
  archivedIssuePath,
  ISSUE_STATUS_LABELS,
  type IssueStatus,
  type NewsletterIssue,
  type NewsletterIssueRow,
} from '../../../domain/newsletter-issues.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { trpc } from '../../trpc.js';
import classes from '../admin.module.css';
import { formatAdminDate } from '../ui/format-date.js';
import { formatWithZone } from '../blog/publish-time.js';
import { LoadError } from '../ui/ListStates.js';
import { SectionHeader } from '../ui/SectionHeader.js';
import { MailNotice } from '../submissions/MailNotice.js';
import { DeleteButton, useSubmissionDelete } from '../submissions/use-submission-delete.js';
import { IssueComposer } from './IssueComposer.js';
import { FiguresLine, SendProgress } from './SendProgress.js';
import { SuppressionList } from './SuppressionList.js';
import { ADMIN_LIST_PAGE } from '../submissions/SubmissionsSection.js';

const STATUS_COLORS: Record<IssueStatus, string> = {
  draft: 'gray',
  sending: 'yellow',
  sent: 'green',
  sequence: 'grape',
};

type Open =
  { kind: 'compose'; issue: NewsletterIssue | null } | { kind: 'progress'; issueId: string; subject: string } | null;

function IssueRow({
  issue,
  onOpen,
  onDelete,
  onArchive,
}: {
  issue: NewsletterIssueRow;
  onOpen: () => void;
  onDelete: () => void;
  onArchive: (inArchive: boolean) => void;
}) {
  const date = issue.sentAt ?? issue.updatedAt;
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.listRow}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} className={classes.breakAnywhere}>
              {issue.subject}
            </Text>
            <Badge color={STATUS_COLORS[issue.status]} variant="light" radius="sm">
              {ISSUE_STATUS_LABELS[issue.status]}
            </Badge>
            {issue.scheduledFor && (
              <Badge color="blue" variant="light" radius="sm">
                With its post
              </Badge>
            )}
          </Group>
          {issue.scheduledFor && (
            <Text size="xs">
              Goes out with its post,{' '}
              <time dateTime={issue.scheduledFor.toISOString()}>{formatWithZone(issue.scheduledFor)}</time>
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {issue.sentAt ? 'Sent ' : 'Edited '}
            <time dateTime={date.toISOString()}>{formatAdminDate(date)}</time>
          </Text>
          {issue.status !== 'draft' && <FiguresLine figures={issue.figures} />}
          {issue.status !== 'draft' && (
            <Group gap="xs">
              <Switch
                size="sm"
                label="In the web archive"
                checked={issue.inArchive}
                onChange={(event) => onArchive(event.currentTarget.checked)}
                aria-label={`“${issue.subject}” in the web archive`}
              />
              {issue.inArchive && (
                <Anchor href={archivedIssuePath(issue.id)} target="_blank" rel="noopener" size="sm">
                  Open
                </Anchor>
              )}
            </Group>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            size="sm"
            onClick={onOpen}
            aria-label={`${issue.status === 'draft' ? 'Edit' : 'Progress of'} “${issue.subject}”`}
          >
            {issue.status === 'draft' ? 'Edit' : 'Progress'}
          </Button>
          {issue.status === 'draft' && <DeleteButton name={`draft “${issue.subject}”`} onClick={onDelete} />}
        </Group>
      </Group>
    </Paper>
  );
}

/** The Mail tab: newsletter issues (drafts, then sent ones with their figures), the composer and the send progress. */
export function MailTab() {
  const issues = trpc.mail.issues.useInfiniteQuery(
    { limit: ADMIN_LIST_PAGE },
    {
      getNextPageParam: (page) => page.nextCursor,
      refetchInterval: (query) =>
        query.state.data?.pages.some((page) => page.items.some((issue) => issue.status === 'sending')) ? 2_000 : false,
    },
  );
  const listed = issues.data?.pages.flatMap((page) => page.items) ?? [];
  const [open, setOpen] = useState<Open>(null);
  const utils = trpc.useUtils();
  const archive = trpc.mail.setInArchive.useMutation();
  async function setInArchive(id: string, inArchive: boolean) {
    try {
      await archive.mutateAsync({ id, inArchive });
      await utils.mail.issues.invalidate();
    } catch (error) {
      toastFailure('Not saved', error, 'Please try again.');
    }
  }
  /** A draft opens in the composer with its body, read on its own (the list carries no bodies). */
  async function openIssue(issue: NewsletterIssueRow) {
    if (issue.status !== 'draft') {
      setOpen({ kind: 'progress', issueId: issue.id, subject: issue.subject });
      return;
    }
    try {
      setOpen({ kind: 'compose', issue: await utils.mail.issue.fetch({ id: issue.id }) });
    } catch (error) {
      toastFailure('Could not open the draft', error, 'Please try again.');
    }
  }
  const remove = useSubmissionDelete('draft', trpc.mail.deleteDraft.useMutation(), () =>
    utils.mail.issues.invalidate(),
  );

  return (
    <Stack gap="md">
      <SectionHeader
        title="Newsletter Issues"
        actions={
          <Button onClick={() => setOpen({ kind: 'compose', issue: null })} disabled={open?.kind === 'compose'}>
            New issue
          </Button>
        }
      />
      <MailNotice />
      {open?.kind === 'compose' && (
        <IssueComposer
          key={open.issue?.id ?? 'new'}
          issue={open.issue}
          onSaved={() => undefined}
          onSent={(id, subject) => setOpen({ kind: 'progress', issueId: id, subject })}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'progress' && <SendProgress key={open.issueId} issueId={open.issueId} subject={open.subject} />}
      {issues.isPending ? (
        <Skeleton height={64} radius="md" aria-label="Loading issues" />
      ) : issues.isError ? (
        <LoadError title="Could not load the issues" error={issues.error} onRetry={() => void issues.refetch()} />
      ) : listed.length === 0 ? (
        <Text size="sm" c="dimmed">
          No issues yet. Write the first one with “New issue”.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Issues">
          {listed.map((issue) => (
            <IssueRow
              key={issue.id}
              issue={issue}
              onArchive={(inArchive) => void setInArchive(issue.id, inArchive)}
              onDelete={() => {
                if (open?.kind === 'compose' && open.issue?.id === issue.id) setOpen(null);
                remove.ask(issue.id, issue.subject);
              }}
              onOpen={() => void openIssue(issue)}
            />
          ))}
        </Stack>
      )}
      {issues.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void issues.fetchNextPage()}
            loading={issues.isFetchingNextPage}
            aria-label="Load more issues"
          >
            Load more
          </Button>
        </Group>
      )}
      {remove.modal}
      <SuppressionList />
    </Stack>
  );
}

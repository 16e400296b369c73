import { Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import type { CommentStatus } from '../../../domain/comments.js';
import type { RouterOutputs } from '../../trpc.js';
import classes from '../admin.module.css';
import { ConfirmDeleteModal } from '../ui/ConfirmDeleteModal.js';
import { formatAdminDate } from '../ui/format-date.js';
import { useCommentModeration, type CommentModeration, type ModerationAction } from './use-comment-moderation.js';

export type ListedComment = RouterOutputs['comments']['queue'][number];

export const COMMENT_STATUS_LABELS: Record<CommentStatus, string> = {
  held: 'Waiting for approval',
  approved: 'Shown',
  hidden: 'Hidden',
  deleted: 'Deleted',
};

const STATUS_COLORS: Record<CommentStatus, string> = {
  held: 'yellow',
  approved: 'teal',
  hidden: 'gray',
  deleted: 'red',
};

/** The first words of a comment, to name it in the delete confirmation. */
function excerptOf(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** One comment in the admin's list: where it is, who wrote it, its words, and what the author can do with it. */
export function CommentCard({ comment, onDone }: { comment: ListedComment; onDone: () => void }) {
  const moderation = useCommentModeration(comment.id, onDone);
  const { confirmingDelete, setConfirmingDelete } = moderation;

  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={`Comment by ${comment.authorName || 'a reader'}`}>
      <CommentHeader comment={comment} />
      <Text size="sm" c="dimmed" mb="xs" className={classes.breakAnywhere}>
        On{' '}
        {comment.target ? (
          <Anchor href={`${comment.target.path}#comments`} target="_blank" rel="noopener" size="sm" inherit>
            {comment.target.title}
          </Anchor>
        ) : (
          `a ${comment.targetKind} no longer there`
        )}
      </Text>
      {comment.status === 'deleted' ? (
        <Text size="sm" fs="italic" mb="sm">
          This comment was deleted.
        </Text>
      ) : (
        // The body is the server's rendering of the Markdown subset, everything escaped (comment-markdown.ts).
        <div
          className={`${classes.breakAnywhere} ${classes.commentBody}`}
          dangerouslySetInnerHTML={{ __html: comment.bodyHtml }}
        />
      )}
      {comment.status !== 'deleted' && <CommentActions comment={comment} moderation={moderation} />}
      <ConfirmDeleteModal
        itemLabel="comment"
        itemName={confirmingDelete ? excerptOf(comment.body) : null}
        note={comment.parentId ? null : 'Its replies stay, under “This comment was deleted”.'}
        deleting={moderation.pending}
        onConfirm={() => void moderation.run('delete').then(() => setConfirmingDelete(false))}
        onCancel={() => setConfirmingDelete(false)}
      />
    </Paper>
  );
}

/** Who wrote the comment, its status and flags (spoiler, reported, banned, reply), and when. */
function CommentHeader({ comment }: { comment: ListedComment }) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs" mb="xs" wrap="wrap">
      <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
        <Text fw={600} className={classes.breakAnywhere}>
          {comment.authorName || 'Unnamed reader'}
          {comment.authorServer ? ` (${comment.authorServer})` : ''}
        </Text>
        <Badge variant="light" radius="sm" color={STATUS_COLORS[comment.status]}>
          {COMMENT_STATUS_LABELS[comment.status]}
        </Badge>
        {comment.spoiler && (
          <Badge variant="light" radius="sm" color="orange">
            Spoiler
          </Badge>
        )}
        {comment.reportCount > 0 && (
          <Badge variant="light" radius="sm" color="red">
            Reported {comment.reportCount} {comment.reportCount === 1 ? 'time' : 'times'}
          </Badge>
        )}
        {comment.readerBanned && (
          <Badge variant="light" radius="sm" color="red">
            Reader banned
          </Badge>
        )}
        {comment.parentId && (
          <Badge variant="outline" radius="sm" color="gray">
            Reply
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" component="time" dateTime={comment.createdAt}>
        {formatAdminDate(comment.createdAt)}
      </Text>
    </Group>
  );
}

/** The moderation buttons for a comment not deleted, each named with whose comment it acts on; Delete asks first. */
function CommentActions({ comment, moderation }: { comment: ListedComment; moderation: CommentModeration }) {
  const who = `the comment by ${comment.authorName || 'a reader'}`;

  const button = (
    action: ModerationAction,
    label: string,
    name: string,
    props: { color?: string; variant?: string } = {},
  ) => (
    <Button
      size="xs"
      variant={props.variant ?? 'default'}
      color={props.color}
      disabled={moderation.pending}
      aria-label={`${name} ${who}`}
      onClick={() => void moderation.run(action)}
    >
      {label}
    </Button>
  );

  return (
    <Group gap="xs" wrap="wrap" mt="sm">
      {comment.status !== 'approved' && button('approve', 'Approve', 'Approve', { variant: 'filled' })}
      {comment.status !== 'hidden' && button('hide', 'Hide', 'Hide')}
      {comment.spoiler
        ? button('unspoiler', 'Not a spoiler', 'Unmark as spoiler')
        : button('spoiler', 'Mark as spoiler', 'Mark as spoiler')}
      {comment.readerId &&
        !comment.readerBanned &&
        button('ban', 'Ban reader', 'Ban the reader who wrote', { color: 'red', variant: 'subtle' })}
      <Button
        size="xs"
        variant="subtle"
        color="red"
        disabled={moderation.pending}
        aria-label={`Delete ${who}`}
        onClick={() => moderation.setConfirmingDelete(true)}
      >
        Delete
      </Button>
    </Group>
  );
}

import { Button, Group, Text } from '@mantine/core';
import { formatWithZone } from '../blog/publish-time.js';
import { recipientsLabel } from './ConfirmSendModal.js';

/**
 * Who receives the issue and the one send action that fits: send now, send with the scheduled post, or stop
 * sending with it; then, once set to go with the post, when and to how many.
 */
export function SendBar({
  count,
  toPreorders,
  confirmedOnly,
  withPostAt,
  scheduledFor,
  busy,
  onSend,
  onSendWithPost,
  onStopSendingWithPost,
}: {
  count: number;
  toPreorders: boolean;
  /** False when the site does not ask for confirmation; undefined while the count loads. */
  confirmedOnly: boolean | undefined;
  /** The post's time when the issue could go (or goes) with its scheduled post; null to send now. */
  withPostAt: Date | null;
  scheduledFor: Date | null;
  busy: boolean;
  onSend: () => void;
  onSendWithPost: () => void;
  onStopSendingWithPost: () => void;
}) {
  return (
    <>
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          {toPreorders
            ? count === 0
              ? 'Nobody to write to: this book has no preorders (or each address bounced, complained or was suppressed).'
              : 'A preorder update: it goes to everyone who preordered this book, subscribed or not, once per address, with a footer saying why they get it and a link to cancel the preorder. It does not subscribe them to the newsletter.'
            : confirmedOnly === false
              ? 'Confirmation is not required: every active subscriber receives it.'
              : 'Only confirmed, active subscribers receive it.'}
        </Text>
        {withPostAt === null ? (
          <Button color="red.9" onClick={onSend} disabled={busy || count === 0} data-toast-avoid>
            {`Send to ${recipientsLabel(count, toPreorders)}`}
          </Button>
        ) : scheduledFor === null ? (
          <Button color="red.9" onClick={onSendWithPost} disabled={busy} data-toast-avoid>
            {`Send with the post, ${formatWithZone(withPostAt)}`}
          </Button>
        ) : (
          <Button variant="default" onClick={onStopSendingWithPost} disabled={busy} data-toast-avoid>
            Don’t send with the post
          </Button>
        )}
      </Group>
      {scheduledFor && (
        <Text size="sm" role="status">
          {`Scheduled: goes out when its post is published, ${formatWithZone(scheduledFor)}, to ${recipientsLabel(count, toPreorders)} as of now (whoever is in the audience then). Rescheduling the post moves it; taking the post back to a draft leaves this a draft.`}
        </Text>
      )}
    </>
  );
}

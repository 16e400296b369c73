import { Button, Group, Modal, Text } from '@mantine/core';
import type { Audience } from '../../../domain/newsletter-interests.js';

/** "3 subscribers", "1 preorder customer". */
export const recipientsLabel = (count: number, toPreorders: boolean) =>
  toPreorders
    ? `${count} ${count === 1 ? 'preorder customer' : 'preorder customers'}`
    : `${count} ${count === 1 ? 'subscriber' : 'subscribers'}`;

/** "Send to N subscribers": states N and that it cannot be undone; Cancel has the focus. */
export function ConfirmSendModal({
  opened,
  count,
  confirmedOnly,
  audience,
  toPreorders = false,
  sending,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  count: number;
  confirmedOnly: boolean;
  /** A group: the count is of that group only. */
  audience?: Audience;
  /** The "Preordered <book>" group: a preorder update to its customers, subscribed or not. */
  toPreorders?: boolean;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const people = recipientsLabel(count, toPreorders);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!sending) onCancel();
      }}
      title={`Send to ${people}?`}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Text size="sm" mb="xs">
        {toPreorders
          ? `This update will be sent to ${people} of the book, once per address, as a message about their preorder (no newsletter subscription implied).`
          : `This issue will be sent to ${people} (${confirmedOnly ? 'active, confirmed' : 'active'} addresses${
              audience && audience.kind !== 'everyone' ? ' in the chosen group' : ''
            }).`}{' '}
        Once sent it cannot be edited or recalled.
      </Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={sending} data-autofocus>
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={sending}>
          {sending ? 'Sending...' : `Send to ${people}`}
        </Button>
      </Group>
    </Modal>
  );
}

import { Button, Group, Modal, Text } from '@mantine/core';
import type { Audience } from '../../../domain/newsletter-interests.js';

/** "Send to N subscribers": states N and that it cannot be undone; Cancel has the focus. */
export function ConfirmSendModal({
  opened,
  count,
  confirmedOnly,
  audience,
  sending,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  count: number;
  confirmedOnly: boolean;
  /** A group: the count is of that group only. */
  audience?: Audience;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const people = `${count} ${count === 1 ? 'subscriber' : 'subscribers'}`;
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
        This issue will be sent to {people} ({confirmedOnly ? 'active, confirmed' : 'active'} addresses
        {audience && audience.kind !== 'everyone' ? ' in the chosen group' : ''}). Once sent it cannot be edited or
        recalled.
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

import { Button, Group, Modal, Text } from '@mantine/core';

export type ConfirmDeleteProps = {
  /** What is being deleted, e.g. 'book'; null closes the dialog. */
  itemLabel: string;
  itemName: string | null;
  /** A consequence worth knowing before confirming, shown under the warning. */
  note?: string | null;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The delete confirmation (the spec's browser confirmation, as an accessible modal that matches
 * the theme): names the item, says it cannot be undone, and focuses Cancel first so Enter
 * never deletes by accident.
 */
export function ConfirmDeleteModal({ itemLabel, itemName, note, deleting, onConfirm, onCancel }: ConfirmDeleteProps) {
  return (
    <Modal
      opened={itemName !== null}
      onClose={() => {
        if (!deleting) onCancel();
      }}
      title={`Delete ${itemLabel}?`}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Text size="sm" mb={note ? 'xs' : 'lg'}>
        “{itemName}” will be permanently deleted. This cannot be undone.
      </Text>
      {note && (
        <Text size="sm" mb="lg">
          {note}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={deleting} data-autofocus>
          Cancel
        </Button>
        <Button color="red.9" onClick={onConfirm} disabled={deleting}>
          {deleting ? 'Deleting...' : `Delete ${itemLabel}`}
        </Button>
      </Group>
    </Modal>
  );
}

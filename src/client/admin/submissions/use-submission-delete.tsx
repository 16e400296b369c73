import { Button } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { TrashIcon } from '../../ui/icons.js';
import { isUnauthorized } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { ConfirmDeleteModal } from '../ui/ConfirmDeleteModal.js';

type DeleteMutation = { mutateAsync: (input: { id: string }) => Promise<unknown>; isPending: boolean };

export type SubmissionDelete = {
  /** Opens the confirmation for this record, named in the dialog. */
  ask: (id: string, name: string) => void;
  /** The confirmation dialog, to render once in the tab. */
  modal: ReactNode;
};

/**
 * Erasing a submission (a visitor's request to be forgotten): asks in a modal, then deletes,
 * toasts the outcome and refetches the list either way (it may already be gone).
 */
export function useSubmissionDelete(
  itemLabel: string,
  mutation: DeleteMutation,
  invalidate: () => Promise<unknown>,
): SubmissionDelete {
  const [target, setTarget] = useState<{ id: string; name: string } | null>(null);
  const label = itemLabel.charAt(0).toUpperCase() + itemLabel.slice(1);

  async function confirm(id: string) {
    try {
      await mutation.mutateAsync({ id });
      toast({ title: 'Success', description: `${label} deleted successfully` });
    } catch (error) {
      toast({
        title: 'Delete Failed',
        description: isUnauthorized(error)
          ? 'Authentication failed. Please refresh the page and log in again.'
          : `Failed to delete ${itemLabel}. Please try again.`,
        variant: 'destructive',
      });
    }
    setTarget(null);
    await invalidate();
  }

  return {
    ask: (id, name) => setTarget({ id, name }),
    modal: (
      <ConfirmDeleteModal
        itemLabel={itemLabel}
        itemName={target?.name ?? null}
        deleting={mutation.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          if (target) void confirm(target.id);
        }}
      />
    ),
  };
}

export function DeleteButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      leftSection={<TrashIcon size={14} />}
      onClick={onClick}
      aria-label={`Delete ${name}`}
    >
      Delete
    </Button>
  );
}

import { useState } from 'react';
import type { BulkReaderAction } from '../../../domain/readers.schema.js';
import { trpc } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';

export const ACTION_LABELS: Record<BulkReaderAction, string> = {
  unsubscribe: 'Unsubscribe',
  'add-interest': 'Add interest',
  'remove-interest': 'Remove interest',
  delete: 'Delete',
};

/**
 * One bulk action on the ticked readers: the action chosen (its dialog is open while there is one), the reason
 * or interest it asks for, running it (toasting how many it changed, then `onDone`) and the error it gave.
 */
export function useBulkReaderAction({ ids, onDone }: { ids: string[]; onDone: () => Promise<unknown> }) {
  const [action, setAction] = useState<BulkReaderAction | null>(null);
  const [reason, setReason] = useState('');
  const [interest, setInterest] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bulk = trpc.admin.bulkSubscribers.useMutation();
  const count = `${ids.length} subscriber${ids.length === 1 ? '' : 's'}`;

  const close = () => {
    setAction(null);
    setReason('');
    setInterest(null);
    setError(null);
  };

  async function run() {
    if (!action) return;
    setError(null);
    try {
      const input =
        action === 'unsubscribe'
          ? { action, ids, reason }
          : action === 'delete'
            ? { action, ids }
            : { action, ids, interest: interest ? [interest] : [] };
      const { changed } = await bulk.mutateAsync(input);
      toast({ title: ACTION_LABELS[action], description: `${changed} of ${count} changed` });
      close();
      await onDone();
    } catch (failure) {
      setError(serverErrorMessage(failure, 'Nothing was changed. Please try again.'));
    }
  }

  return {
    action,
    setAction,
    reason,
    setReason,
    interest,
    setInterest,
    error,
    count,
    close,
    run,
    pending: bulk.isPending,
  };
}

export type BulkReaderRun = ReturnType<typeof useBulkReaderAction>;

import { useState } from 'react';
import { trpc, type RouterInputs } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';

export type ModerationAction = RouterInputs['comments']['moderate']['action'];

const DONE: Record<ModerationAction, string> = {
  approve: 'Comment approved: it shows on the page',
  hide: 'Comment hidden',
  delete: 'Comment deleted',
  ban: 'Reader banned: their waiting comments are hidden',
  spoiler: 'Marked as a spoiler',
  unspoiler: 'No longer marked as a spoiler',
};

/**
 * Moderating one comment: running an action on it (with its toast, then `onDone` to refresh the list) and whether
 * the delete confirmation is open.
 */
export function useCommentModeration(commentId: string, onDone: () => void) {
  const moderate = trpc.comments.moderate.useMutation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  async function run(action: ModerationAction) {
    try {
      await moderate.mutateAsync({ id: commentId, action });
      toast({ title: DONE[action] });
      onDone();
    } catch (error) {
      toastFailure('That did not work', error, 'Please try again.');
    }
  }

  return { run, pending: moderate.isPending, confirmingDelete, setConfirmingDelete };
}

export type CommentModeration = ReturnType<typeof useCommentModeration>;

import { Switch } from '@mantine/core';
import type { CommentTargetKind } from '../../../domain/comments.js';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';

/** "Comments off" for one saved post or excerpt: saved at once, apart from the form. */
export function CommentsOffSwitch({ targetKind, targetId }: { targetKind: CommentTargetKind; targetId: string }) {
  const utils = trpc.useUtils();
  const state = trpc.comments.targetState.useQuery({ targetKind, targetId });
  const update = trpc.comments.setTargetOff.useMutation();
  return (
    <Switch
      size="md"
      label="Comments off"
      description="Readers cannot comment here; the comments already shown stay."
      checked={state.data?.commentsOff ?? false}
      disabled={state.isPending || update.isPending}
      onChange={(event) => {
        const commentsOff = event.currentTarget.checked;
        void update
          .mutateAsync({ targetKind, targetId, commentsOff })
          .then(() => {
            utils.comments.targetState.setData({ targetKind, targetId }, { commentsOff });
            toast({ title: commentsOff ? 'Comments off' : 'Comments on' });
          })
          .catch((error: unknown) => toastFailure('Not saved', error, 'Please try again.'));
      }}
    />
  );
}

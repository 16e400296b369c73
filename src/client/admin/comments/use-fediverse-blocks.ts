import { useState } from 'react';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "target (2 followers removed, 1 like or boost removed, 3 replies hidden)": what the block cleared, when anything. */
function blockedSummary(added: {
  target: string;
  removedFollowers: number;
  removedReactions: number;
  hiddenComments: number;
}): string {
  const cleared = [
    added.removedFollowers > 0 && `${counted(added.removedFollowers, 'follower', 'followers')} removed`,
    added.removedReactions > 0 && `${counted(added.removedReactions, 'like or boost', 'likes and boosts')} removed`,
    added.hiddenComments > 0 && `${counted(added.hiddenComments, 'reply', 'replies')} hidden`,
  ].filter(Boolean);
  return cleared.length > 0 ? `${added.target} (${cleared.join(', ')})` : added.target;
}

/** The blocked accounts and servers, the one being typed, blocking it and lifting a block (each toasts a failure). */
export function useFediverseBlocks() {
  const utils = trpc.useUtils();
  const blocks = trpc.fediverse.blocks.useQuery();
  const block = trpc.fediverse.block.useMutation();
  const unblock = trpc.fediverse.unblock.useMutation();
  const [target, setTarget] = useState('');

  async function add() {
    try {
      const added = await block.mutateAsync({ target });
      setTarget('');
      // The counts and the comment lists changed too.
      await Promise.all([utils.fediverse.invalidate(), utils.comments.invalidate()]);
      toast({ title: 'Blocked', description: blockedSummary(added) });
    } catch (error) {
      toastFailure('Not blocked', error, 'Please try again.');
    }
  }

  async function lift(blocked: string) {
    try {
      await unblock.mutateAsync({ target: blocked });
      await utils.fediverse.blocks.invalidate();
    } catch (error) {
      toastFailure('Not unblocked', error, 'Please try again.');
    }
  }

  /** Whether the block of `blocked` is being lifted right now. */
  const lifting = (blocked: string) => unblock.isPending && unblock.variables?.target === blocked;

  return { blocks, target, setTarget, add, adding: block.isPending, lift, lifting };
}

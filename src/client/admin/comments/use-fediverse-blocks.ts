import { useState } from 'react';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';

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
      await utils.fediverse.blocks.invalidate();
      toast({
        title: 'Blocked',
        description: `${added.target}${added.removedFollowers > 0 ? ` (${added.removedFollowers} follower${added.removedFollowers === 1 ? '' : 's'} removed)` : ''}`,
      });
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

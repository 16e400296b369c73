import { useEffect, useRef, useState } from 'react';
import type { MoveDirection } from '../../../domain/excerpts.schema.js';
import { trpc } from '../../trpc.js';
import { isUnauthorized, serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';

const MOVE_FAILED = 'Failed to move excerpt';

export type ExcerptMoves = {
  move: (id: string, direction: MoveDirection) => void;
  /** Registers a Move button, so focus can follow the excerpt it moved. */
  buttonRef: (id: string, direction: MoveDirection) => (element: HTMLButtonElement | null) => void;
  /** What the last move did, for a live region ("moved to position 2 of 3"). */
  announcement: string;
};

/**
 * Moves an excerpt one place within its book. The list takes the server's new order at once;
 * focus stays on the moved excerpt's button in the same direction, or on the other one when
 * the excerpt reached the end (a disabled button cannot keep focus).
 */
export function useExcerptMoves(describe: (id: string) => string): ExcerptMoves {
  const utils = trpc.useUtils();
  const mutation = trpc.excerpts.move.useMutation();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: MoveDirection } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!focusAfterMove) return;
    const { id, direction } = focusAfterMove;
    const same = buttons.current.get(`${id}:${direction}`);
    const other = buttons.current.get(`${id}:${direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
    setFocusAfterMove(null);
  });

  async function move(id: string, direction: MoveDirection) {
    if (mutation.isPending) return;
    try {
      const bookOrder = await mutation.mutateAsync({ id, direction });
      const positions = new Map(bookOrder.map((excerpt) => [excerpt.id, excerpt.position]));
      // The list shows each book's excerpts by position, so new positions are enough.
      utils.excerpts.list.setData(undefined, (list) =>
        list?.map((excerpt) => ({ ...excerpt, position: positions.get(excerpt.id) ?? excerpt.position })),
      );
      setFocusAfterMove({ id, direction });
      const position = positions.get(id);
      setAnnouncement(`${describe(id)} moved to position ${position} of ${bookOrder.length}`);
      await utils.excerpts.invalidate();
    } catch (error) {
      const detail = isUnauthorized(error)
        ? 'Your session has expired. Please log in again.'
        : serverErrorMessage(error, '');
      toast({
        title: 'Error',
        description: detail ? `${MOVE_FAILED}. ${detail}` : MOVE_FAILED,
        variant: 'destructive',
      });
    }
  }

  const buttonRef = (id: string, direction: MoveDirection) => (element: HTMLButtonElement | null) => {
    const key = `${id}:${direction}`;
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return { move: (id, direction) => void move(id, direction), buttonRef, announcement };
}

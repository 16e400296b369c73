import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { trpc } from '../../trpc.js';

/** Runs one category write, toasts its outcome, and refetches what shows categories (the posts too). */
export function useCategoryWrite() {
  const utils = trpc.useUtils();
  return async (done: string, write: () => Promise<unknown>): Promise<boolean> => {
    try {
      await write();
    } catch (error) {
      toast({
        title: 'Error',
        description: serverErrorMessage(error, 'The category was not saved'),
        variant: 'destructive',
      });
      return false;
    }
    toast({ title: 'Saved', description: done });
    await utils.blog.invalidate();
    return true;
  };
}

export type CategoryWrite = ReturnType<typeof useCategoryWrite>;

import { isUnauthorized, serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';

/** The kinds of content the admin edits, as named in messages ("Failed to delete blog post"). */
export type ContentKind = 'book' | 'series' | 'excerpt' | 'blog post' | 'art piece' | 'playlist';

const capitalized = (kind: ContentKind) => kind.charAt(0).toUpperCase() + kind.slice(1);

const AUTH_FAILED_MESSAGE = 'Authentication failed. Please refresh the page and log in again.';
const SESSION_EXPIRED_DETAIL = 'Your session has expired. Please log in again.';

/** The success and failure toasts of one kind of content. */
function contentMessages(kind: ContentKind) {
  const name = capitalized(kind);
  return {
    created: `${name} created successfully`,
    updated: `${name} updated successfully`,
    deleted: `${name} deleted successfully`,
    createFailed: `Failed to create ${kind}`,
    updateFailed: `Failed to update ${kind}`,
    deleteFailed: `Failed to delete ${kind}. Please try again.`,
  };
}

type MutationLike<TVariables> = { mutateAsync: (variables: TVariables) => Promise<unknown>; isPending: boolean };

type ContentMutations<TData> = {
  create: MutationLike<TData>;
  update: MutationLike<{ id: string; data: TData }>;
  remove: MutationLike<{ id: string }>;
  /** Refetches the lists this kind appears in. */
  invalidate: () => Promise<unknown>;
};

export type ContentActions<TData> = {
  /** Creates (id null) or updates; toasts the outcome; true when saved. */
  save: (id: string | null, data: TData) => Promise<boolean>;
  /** Deletes; toasts the outcome; true when deleted. */
  remove: (id: string) => Promise<boolean>;
  saving: boolean;
  deleting: boolean;
};

/**
 * Save and delete with the spec's toasts. A 401 also ends the session (the session provider
 * sees the failed mutation); the toast here says why.
 */
export function useContentActions<TData>(kind: ContentKind, mutations: ContentMutations<TData>): ContentActions<TData> {
  const messages = contentMessages(kind);

  async function save(id: string | null, data: TData): Promise<boolean> {
    try {
      if (id === null) await mutations.create.mutateAsync(data);
      else await mutations.update.mutateAsync({ id, data });
    } catch (error) {
      const detail = isUnauthorized(error) ? SESSION_EXPIRED_DETAIL : serverErrorMessage(error, '');
      const failure = id === null ? messages.createFailed : messages.updateFailed;
      toast({ title: 'Error', description: detail ? `${failure}. ${detail}` : failure, variant: 'destructive' });
      return false;
    }
    toast({ title: 'Success', description: id === null ? messages.created : messages.updated });
    await mutations.invalidate();
    return true;
  }

  async function remove(id: string): Promise<boolean> {
    try {
      await mutations.remove.mutateAsync({ id });
    } catch (error) {
      toast({
        title: 'Delete Failed',
        description: isUnauthorized(error) ? AUTH_FAILED_MESSAGE : messages.deleteFailed,
        variant: 'destructive',
      });
      return false;
    }
    toast({ title: 'Success', description: messages.deleted });
    await mutations.invalidate();
    return true;
  }

  return {
    save,
    remove,
    saving: mutations.create.isPending || mutations.update.isPending,
    deleting: mutations.remove.isPending,
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { trpc } from '../../trpc.js';
import { isUnauthorized, serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { clearAdminKey, readAdminKey } from './admin-key-store.js';

const SESSION_EXPIRED_TOAST = { title: 'Session expired', description: 'Please log in again.' } as const;

/** Admin data (submissions, subscriptions, preorders, backups, uploads) is dropped from the cache when a session ends. */
const ADMIN_QUERY_KEYS = [[['admin']], [['maintenance']]];

/**
 * Ending a session here: `endSession` forgets the key and the admin data; `expire` does so for a 401 answer
 * (once, however many calls failed at once), with the 'Session expired' toast unless told not to.
 */
export function useSessionEnd(setVerifiedKey: (key: string | null) => void) {
  const queryClient = useQueryClient();

  const endSession = useCallback(() => {
    clearAdminKey();
    setVerifiedKey(null);
    for (const queryKey of ADMIN_QUERY_KEYS) queryClient.removeQueries({ queryKey });
  }, [queryClient, setVerifiedKey]);

  const expire = useCallback(
    (options: { notify?: boolean } = {}) => {
      if (readAdminKey() === null) return; // already over (several calls can fail at once)
      endSession();
      if (options.notify ?? true) toast({ ...SESSION_EXPIRED_TOAST, variant: 'destructive' });
    },
    [endSession],
  );

  return { endSession, expire };
}

type SessionEnd = ReturnType<typeof useSessionEnd>;

/** A stored key restored on reload is checked once; any failure means it is no longer valid. */
export function useVerifyStoredKey({
  storedKey,
  verifiedKey,
  setVerifiedKey,
  endSession,
}: {
  storedKey: string | null | undefined;
  verifiedKey: string | null;
  setVerifiedKey: (key: string) => void;
  endSession: SessionEnd['endSession'];
}) {
  const utils = trpc.useUtils();
  useEffect(() => {
    if (!storedKey || storedKey === verifiedKey) return;
    let cancelled = false;
    utils.client.admin.verify.query().then(
      () => {
        if (!cancelled) setVerifiedKey(storedKey);
      },
      (error: unknown) => {
        if (cancelled || readAdminKey() !== storedKey) return;
        endSession();
        toast(
          isUnauthorized(error)
            ? { ...SESSION_EXPIRED_TOAST, variant: 'destructive' }
            : {
                title: 'Could not verify your session',
                description: serverErrorMessage(error, 'Please log in again.'),
                variant: 'destructive',
              },
        );
      },
    );
    return () => {
      cancelled = true;
    };
  }, [storedKey, verifiedKey, setVerifiedKey, utils, endSession]);
}

/**
 * Any 401 from an admin read or write ends the session. Reads toast 'Session expired' here;
 * writes show their own failure toast and end the session quietly.
 */
export function useExpireOnUnauthorized(expire: SessionEnd['expire']) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) expire();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) {
        expire({ notify: false });
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, expire]);
}

import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { trpc } from '../../trpc.js';
import { isUnauthorized, serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { clearAdminKey, readAdminKey, storeAdminKey, useStoredAdminKey } from './admin-key-store.js';

/**
 * - unknown: rendering on the server or hydrating (localStorage not read yet);
 * - logged-out: no stored key;
 * - verifying: a stored key is being checked (restored on reload);
 * - logged-in: the key was checked, or just issued by a login.
 */
type SessionStatus = 'unknown' | 'logged-out' | 'verifying' | 'logged-in';

export type AdminSession = {
  status: SessionStatus;
  /** Exchanges the password for a session token; toasts the outcome. */
  /** Null when logged in, else what went wrong (also toasted), to show beside the password. */
  login: (password: string) => Promise<string | null>;
  loggingIn: boolean;
  /** Ends the session on the server and here. */
  logout: () => Promise<void>;
  loggingOut: boolean;
  /** Forgets the session here only (the server already revoked it, e.g. after a password change). */
  endSession: () => void;
  /** A 401 answer: the session is over. `notify` shows the 'Session expired' toast. */
  expire: (options?: { notify?: boolean }) => void;
};

const SessionContext = createContext<AdminSession | null>(null);

export function useAdminSession(): AdminSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAdminSession must be used inside <AdminSessionProvider>');
  return session;
}

const SESSION_EXPIRED_TOAST = { title: 'Session expired', description: 'Please log in again.' } as const;

/** Admin data (submissions, subscriptions, preorders, backups, uploads) is dropped from the cache when a session ends. */
const ADMIN_QUERY_KEYS = [[['admin']], [['maintenance']]];

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const storedKey = useStoredAdminKey();
  const [verifiedKey, setVerifiedKey] = useState<string | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const loginMutation = trpc.admin.login.useMutation();
  const mutateLogin = loginMutation.mutateAsync;

  const endSession = useCallback(() => {
    clearAdminKey();
    setVerifiedKey(null);
    for (const queryKey of ADMIN_QUERY_KEYS) queryClient.removeQueries({ queryKey });
  }, [queryClient]);

  const expire = useCallback(
    (options: { notify?: boolean } = {}) => {
      if (readAdminKey() === null) return; // already over (several calls can fail at once)
      endSession();
      if (options.notify ?? true) toast({ ...SESSION_EXPIRED_TOAST, variant: 'destructive' });
    },
    [endSession],
  );

  // A stored key restored on reload is checked once; any failure means it is no longer valid.
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
  }, [storedKey, verifiedKey, utils, endSession]);

  // Any 401 from an admin read or write ends the session. Reads toast 'Session expired' here;
  // writes show their own failure toast and end the session quietly.
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

  const login = useCallback(
    async (password: string) => {
      try {
        const { token } = await mutateLogin({ password });
        setVerifiedKey(token);
        storeAdminKey(token);
        toast({ title: 'Success', description: 'Logged in successfully' });
        return null;
      } catch (error) {
        clearAdminKey();
        const description = isUnauthorized(error)
          ? 'Please check your password and try again'
          : serverErrorMessage(error, 'Please check your password and try again');
        toast({
          title: isUnauthorized(error) ? 'Invalid Password' : 'Login failed',
          description,
          variant: 'destructive',
        });
        return description;
      }
    },
    [mutateLogin],
  );

  const logout = useCallback(async () => {
    setLoggingOut(true);
    try {
      // Revokes the token on the server; an already invalid one changes nothing here.
      await utils.client.admin.logout.mutate();
    } catch {
      // the key is forgotten below either way
    } finally {
      setLoggingOut(false);
    }
    endSession();
    toast({ title: 'Logged out', description: 'You have been logged out.' });
  }, [utils, endSession]);

  const status: SessionStatus =
    storedKey === undefined
      ? 'unknown'
      : storedKey === null
        ? 'logged-out'
        : storedKey === verifiedKey
          ? 'logged-in'
          : 'verifying';

  const session = useMemo<AdminSession>(
    () => ({ status, login, loggingIn: loginMutation.isPending, logout, loggingOut, endSession, expire }),
    [status, login, loginMutation.isPending, logout, loggingOut, endSession, expire],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

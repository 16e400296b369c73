import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useStoredAdminKey } from './admin-key-store.js';
import { useLogin, useLogout } from './use-login.js';
import { useExpireOnUnauthorized, useSessionEnd, useVerifyStoredKey } from './use-session-end.js';

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

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const storedKey = useStoredAdminKey();
  const [verifiedKey, setVerifiedKey] = useState<string | null>(null);
  const { endSession, expire } = useSessionEnd(setVerifiedKey);
  useVerifyStoredKey({ storedKey, verifiedKey, setVerifiedKey, endSession });
  useExpireOnUnauthorized(expire);
  const { login, loggingIn } = useLogin(setVerifiedKey);
  const { logout, loggingOut } = useLogout(endSession);

  const status: SessionStatus =
    storedKey === undefined
      ? 'unknown'
      : storedKey === null
        ? 'logged-out'
        : storedKey === verifiedKey
          ? 'logged-in'
          : 'verifying';

  const session = useMemo<AdminSession>(
    () => ({ status, login, loggingIn, logout, loggingOut, endSession, expire }),
    [status, login, loggingIn, logout, loggingOut, endSession, expire],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

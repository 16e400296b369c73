import { useCallback, useState } from 'react';
import { trpc } from '../../trpc.js';
import { isUnauthorized, serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { clearAdminKey, storeAdminKey } from './admin-key-store.js';

/** Exchanges the password for a session token and keeps it; null when logged in, else what went wrong (also toasted). */
export function useLogin(setVerifiedKey: (key: string) => void) {
  const loginMutation = trpc.admin.login.useMutation();
  const mutateLogin = loginMutation.mutateAsync;

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
    [mutateLogin, setVerifiedKey],
  );

  return { login, loggingIn: loginMutation.isPending };
}

/** Ends the session on the server, then here (whatever the server answered). */
export function useLogout(endSession: () => void) {
  const utils = trpc.useUtils();
  const [loggingOut, setLoggingOut] = useState(false);

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

  return { logout, loggingOut };
}

import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { LOGOUT_DELAY_AFTER_PASSWORD_CHANGE_MS, PASSWORD_CHANGED_MESSAGE } from '../../../domain/admin-auth.js';
import { changePasswordFormSchema, type ChangePasswordForm } from '../../../domain/admin-auth.schema.js';
import { trpc } from '../../trpc.js';
import { isUnauthorized, serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { zodValidate } from '../../ui/zod-validate.js';
import { useAdminSession } from '../session/AdminSession.js';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FAILED_FALLBACK = 'Failed to change password. Please check your current password and try again.';

/**
 * Changing the admin password: the form (checked by the shared schema), the change itself with a toast for
 * either outcome, and, once it succeeded, the logout that follows a moment later (the server has already
 * revoked every session).
 */
export function useChangePassword() {
  const session = useAdminSession();
  const changePassword = trpc.admin.changePassword.useMutation();
  const [loggingOutSoon, setLoggingOutSoon] = useState(false);
  const logoutTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const form = useForm<ChangePasswordForm>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: zodValidate(changePasswordFormSchema, (values: ChangePasswordForm) => values),
  });
  useEffect(() => () => clearTimeout(logoutTimer.current), []);

  async function submit(values: ChangePasswordForm) {
    try {
      const result = await changePassword.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      toast({ title: 'Password changed', description: result.message || PASSWORD_CHANGED_MESSAGE });
      form.reset();
      setLoggingOutSoon(true);
      // The server has revoked every session; the spec logs out 2 seconds later.
      clearTimeout(logoutTimer.current);
      logoutTimer.current = setTimeout(() => session.endSession(), LOGOUT_DELAY_AFTER_PASSWORD_CHANGE_MS);
    } catch (error) {
      toast({
        title: 'Password Change Failed',
        // A 401 also ends the session (the session provider sees the failed mutation).
        description: isUnauthorized(error)
          ? 'Your session has expired. Please log in again.'
          : serverErrorMessage(error, FAILED_FALLBACK),
        variant: 'destructive',
      });
    }
  }

  return {
    form,
    /** Props for the <form>: validates, then changes the password. */
    onSubmit: form.onSubmit((values) => void submit(values)),
    changing: changePassword.isPending,
    /** Changed: the fields are disabled until the logout. */
    loggingOutSoon,
    busy: changePassword.isPending || loggingOutSoon,
  };
}

import {
  Alert,
  Box,
  Button,
  Group,
  List,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import {
  LOGOUT_DELAY_AFTER_PASSWORD_CHANGE_MS,
  MIN_PASSWORD_LENGTH,
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_SPECIAL_CHARACTERS,
} from '../../../domain/admin-auth.js';
import { changePasswordFormSchema, type ChangePasswordForm } from '../../../domain/admin-auth.schema.js';
import { trpc } from '../../trpc.js';
import { isUnauthorized, serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { zodValidate } from '../../ui/zod-validate.js';
import classes from '../admin.module.css';
import { useAdminSession } from '../session/AdminSession.js';
import { CheckIcon, CloseIcon } from '../../ui/icons.js';
import { BackupPanel } from './BackupPanel.js';
import { MailSettingsPanel } from './MailSettingsPanel.js';
import { SalesSettingsPanel } from './SalesSettingsPanel.js';
import { SenderCheckPanel } from './SenderCheckPanel.js';
import { SiteSettingsPanel } from './SiteSettingsPanel.js';
import { UnusedUploadsPanel } from './UnusedUploadsPanel.js';
import { ExportPanel } from '../import-export/ExportPanel.js';
import { ImportPanel } from '../import-export/ImportPanel.js';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FAILED_FALLBACK = 'Failed to change password. Please check your current password and try again.';

/** The new password's rules, shown live under the new password (the schema's messages are the errors). */
const RULES: { label: string; test: (value: string) => boolean }[] = [
  { label: `At least ${MIN_PASSWORD_LENGTH} characters`, test: (v) => v.length >= MIN_PASSWORD_LENGTH },
  { label: 'An uppercase letter', test: (v) => /[A-Z]/.test(v) },
  { label: 'A lowercase letter', test: (v) => /[a-z]/.test(v) },
  { label: 'A number', test: (v) => /[0-9]/.test(v) },
  {
    label: `A special character (${PASSWORD_SPECIAL_CHARACTERS})`,
    test: (v) => [...v].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  },
];

export function SettingsTab() {
  const session = useAdminSession();
  const changePassword = trpc.admin.changePassword.useMutation();
  const [loggingOutSoon, setLoggingOutSoon] = useState(false);
  const logoutTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const form = useForm<ChangePasswordForm>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: zodValidate(changePasswordFormSchema, (values: ChangePasswordForm) => values),
  });
  const newPassword = form.getValues().newPassword;
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

  const busy = changePassword.isPending || loggingOutSoon;

  return (
    <Stack gap="lg">
      <Box maw={880}>
        <SiteSettingsPanel />
      </Box>
      <Stack gap="lg" maw={560}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={560}>
          <form
            onSubmit={form.onSubmit((values) => void submit(values))}
            noValidate
            aria-labelledby="change-password-title"
          >
            <Stack gap="md">
              <div>
                <Title order={2} size="h3" id="change-password-title">
                  Change password
                </Title>
                <Text size="sm" c="dimmed" mt={4}>
                  After the change you are logged out everywhere and log in again with the new password.
                </Text>
              </div>
              {loggingOutSoon && (
                <Alert color="green" variant="light" title="Password changed">
                  Logging you out…
                </Alert>
              )}
              <PasswordInput
                size="md"
                label="Current password"
                withAsterisk
                autoComplete="current-password"
                disabled={loggingOutSoon}
                {...form.getInputProps('currentPassword')}
              />
              <PasswordInput
                size="md"
                label="New password"
                withAsterisk
                autoComplete="new-password"
                disabled={loggingOutSoon}
                aria-describedby="password-rules"
                {...form.getInputProps('newPassword')}
              />
              <List id="password-rules" size="sm" spacing={2} listStyleType="none" aria-label="Password rules">
                {RULES.map((rule) => {
                  const met = rule.test(newPassword);
                  return (
                    <List.Item
                      key={rule.label}
                      className={met ? classes.ruleMet : classes.ruleUnmet}
                      icon={met ? <CheckIcon size={14} /> : <CloseIcon size={14} />}
                    >
                      {rule.label}
                      <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
                    </List.Item>
                  );
                })}
              </List>
              <PasswordInput
                size="md"
                label="Confirm new password"
                withAsterisk
                autoComplete="new-password"
                disabled={loggingOutSoon}
                {...form.getInputProps('confirmPassword')}
              />
              <Group justify="flex-end">
                <Button type="submit" disabled={busy}>
                  {changePassword.isPending ? 'Changing...' : 'Change password'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <MailSettingsPanel />
        <SenderCheckPanel />
        <SalesSettingsPanel />
        <BackupPanel />
        <UnusedUploadsPanel />
      </Stack>
      {/* As wide as the site's settings: an import's summary is a table of items with their reasons. */}
      <Stack gap="lg" maw={880}>
        <ImportPanel />
        <ExportPanel />
      </Stack>
    </Stack>
  );
}

import { Alert, Button, Group, List, Paper, PasswordInput, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { MIN_PASSWORD_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../../../domain/admin-auth.js';
import { CheckIcon, CloseIcon } from '../../ui/icons.js';
import classes from '../admin.module.css';
import { useChangePassword } from './use-change-password.js';

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

/** Each rule of RULES, ticked once the typed password meets it (screen readers hear "met" or "not met"). */
function PasswordRules({ password }: { password: string }) {
  return (
    <List id="password-rules" size="sm" spacing={2} listStyleType="none" aria-label="Password rules">
      {RULES.map((rule) => {
        const met = rule.test(password);
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
  );
}

/** Settings → Change password: current, new (with its rules) and confirmation; the change logs out everywhere. */
export function ChangePasswordPanel() {
  const { form, onSubmit, changing, loggingOutSoon, busy } = useChangePassword();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={560}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
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
          <PasswordRules password={form.getValues().newPassword} />
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
              {changing ? 'Changing...' : 'Change password'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

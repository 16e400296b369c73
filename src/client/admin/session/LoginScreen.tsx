import { Anchor, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, type ReactNode } from 'react';
import { loginInputSchema } from '../../../domain/admin-auth.schema.js';
import { zodValidate } from '../../ui/zod-validate.js';
import classes from '../admin.module.css';
import { useAdminSession } from './AdminSession.js';

type LoginValues = { password: string };

function LoginCard({ children }: { children: ReactNode }) {
  return (
    <Center className={classes.page} px="md" py="xl">
      <Paper withBorder radius="md" shadow="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={400} component="main">
        {children}
      </Paper>
    </Center>
  );
}

/** While a stored key is checked (or before the page knows whether there is one). */
export function VerifyingScreen({ label = 'Verifying...' }: { label?: string }) {
  return (
    <LoginCard>
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="md" aria-hidden="true" />
        <Text>{label}</Text>
      </Stack>
    </LoginCard>
  );
}

/** With no stored key, a password field; 'Verifying...' while the password is checked. */
export function LoginScreen() {
  const session = useAdminSession();
  const form = useForm<LoginValues>({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: zodValidate(loginInputSchema, (values: LoginValues) => values),
  });

  const passwordInput = useRef<HTMLInputElement>(null);

  // The field keeps the focus throughout (read-only while checked, never disabled): a wrong password is
  // cleared and said beside it, ready for the next try.
  const onSubmit = form.onSubmit(async ({ password }) => {
    const failure = await session.login(password);
    if (failure === null) return;
    form.setFieldValue('password', '');
    form.setFieldError('password', failure);
    passwordInput.current?.focus();
  });

  return (
    <LoginCard>
      <form onSubmit={onSubmit} noValidate aria-labelledby="admin-login-title">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2" id="admin-login-title">
              Admin login
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              Enter the admin password to manage the site.
            </Text>
          </div>
          <PasswordInput
            size="md"
            label="Password"
            withAsterisk
            autoComplete="current-password"
            autoFocus
            ref={passwordInput}
            readOnly={session.loggingIn}
            {...form.getInputProps('password')}
          />
          <Button
            type="submit"
            fullWidth
            disabled={session.loggingIn}
            leftSection={session.loggingIn ? <Loader size={14} color="currentColor" aria-hidden="true" /> : undefined}
          >
            {session.loggingIn ? 'Verifying...' : 'Log in'}
          </Button>
          <Anchor href="/" size="sm" ta="center" c="dimmed">
            Back to the site
          </Anchor>
        </Stack>
      </form>
    </LoginCard>
  );
}

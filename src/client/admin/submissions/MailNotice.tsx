import { Alert, Code, Text } from '@mantine/core';
import { trpc } from '../../trpc.js';

/** Shown while no SMTP_URL is set: every email is saved to the outbox instead of sent. */
export function MailNotice() {
  const status = trpc.admin.mailStatus.useQuery();
  if (status.data?.delivery !== 'outbox') return null;
  return (
    <Alert color="yellow" variant="light" title="Mail is not configured: messages are saved to the outbox" mb="md">
      <Text size="sm">
        Emails (confirmations, issues, notices) are written as .eml files to <Code>DATA_DIR/outbox/</Code> instead of
        being sent. To send them, set <Code>SMTP_URL</Code> and <Code>MAIL_FROM</Code> as the “Mail” section of the
        README explains (<Code>README.md#mail</Code>).
      </Text>
    </Alert>
  );
}

import { Alert, Button, Code, Loader, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../trpc.js';
import classes from '../admin.module.css';

/** Shown while no SMTP_URL is set: every email is saved to the outbox instead of sent. */
export function MailNotice() {
  const status = trpc.admin.mailStatus.useQuery();
  const [guideOpen, setGuideOpen] = useState(false);
  if (status.data?.delivery !== 'outbox') return null;
  return (
    <Alert color="yellow" variant="light" title="Mail is not configured: messages are saved to the outbox" mb="md">
      <Text size="sm">
        Emails (confirmations, issues, notices) are written as .eml files to <Code>DATA_DIR/outbox/</Code> instead of
        being sent. To send them, set <Code>SMTP_URL</Code> and <Code>MAIL_FROM</Code> as the project’s mail guide (
        <Code>docs/mail.md</Code>) explains.
      </Text>
      <Button variant="default" size="xs" mt="sm" onClick={() => setGuideOpen(true)}>
        How to set up mail
      </Button>
      <Modal opened={guideOpen} onClose={() => setGuideOpen(false)} title="Setting up mail" size="xl">
        {guideOpen && <MailSetupGuide />}
      </Modal>
    </Alert>
  );
}

/** The mail guide's setup section (docs/mail.md), as the server rendered it (raw HTML in it is escaped). */
function MailSetupGuide() {
  const guide = trpc.admin.mailSetupGuide.useQuery(undefined, { staleTime: Infinity });
  if (guide.isPending) return <Loader size="sm" type="dots" aria-label="Loading the guide" />;
  if (!guide.data?.html)
    return (
      <Text size="sm">
        The mail guide is not on this server: see <Code>docs/mail.md</Code> in the project.
      </Text>
    );
  return <div className={classes.guide} dangerouslySetInnerHTML={{ __html: guide.data.html }} />;
}

import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MAX_FOLLOW_UPS } from '../../../domain/newsletter-issues.schema.js';
import type { NewsletterIssue } from '../../../domain/newsletter-issues.js';
import { trpc } from '../../trpc.js';
import classes from '../admin.module.css';
import { LoadError } from '../ui/ListStates.js';
import { IssueComposer } from './IssueComposer.js';
import { FiguresLine } from './SendProgress.js';

const whenSent = (email: NewsletterIssue) =>
  email.sequenceStep === 0
    ? 'On confirmation'
    : `${email.delayDays ?? 0} ${email.delayDays === 1 ? 'day' : 'days'} after confirmation`;

/**
 * The welcome email (on by default) and up to three follow-ups, each with its results; edited in
 * the issue composer (preview, test send). Sent through the queue, once per subscriber.
 */
export function WelcomeSequence() {
  const sequence = trpc.mail.sequence.useQuery();
  const [open, setOpen] = useState<{ step: number; email: NewsletterIssue | null } | null>(null);

  if (sequence.isPending) return <Skeleton height={64} radius="md" aria-label="Loading the welcome emails" />;
  if (sequence.isError)
    return (
      <LoadError
        title="Could not load the welcome emails"
        error={sequence.error}
        onRetry={() => void sequence.refetch()}
      />
    );
  const followUps = sequence.data.filter((email) => (email.sequenceStep ?? 0) > 0).length;
  const nextStep = [1, 2, 3].find((step) => !sequence.data.some((email) => email.sequenceStep === step));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" maw={560}>
          Sent to each reader who confirms: the welcome email at once, each follow-up its days later. Nobody gets one
          twice; unsubscribing stops the rest.
        </Text>
        <Button
          onClick={() => nextStep && setOpen({ step: nextStep, email: null })}
          disabled={followUps >= MAX_FOLLOW_UPS || open !== null}
        >
          Add a follow-up
        </Button>
      </Group>
      {open && (
        <IssueComposer
          key={`${open.step}-${open.email?.id ?? 'new'}`}
          issue={open.email}
          step={open.step}
          onSaved={() => undefined}
          onSent={() => undefined}
          onClose={() => setOpen(null)}
        />
      )}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Welcome emails">
        {sequence.data.map((email) => (
          <Paper component="li" key={email.id} withBorder radius="md" p="sm" className={classes.listRow}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} className={classes.breakAnywhere}>
                    {email.subject}
                  </Text>
                  <Badge color={email.sequenceEnabled ? 'grape' : 'gray'} variant="light" radius="sm">
                    {email.sequenceEnabled ? whenSent(email) : 'Off'}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {email.sequenceStep === 0 ? 'Welcome email' : `Follow-up ${email.sequenceStep}`}
                </Text>
                <FiguresLine figures={email.figures} />
              </Stack>
              <Button
                variant="default"
                size="sm"
                onClick={() => setOpen({ step: email.sequenceStep ?? 0, email })}
                aria-label={`Edit “${email.subject}”`}
              >
                Edit
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

import { Alert, Button, Text } from '@mantine/core';
import { formatRate, SEND_HEALTH_LIMITS, type SendHealth } from '../../../domain/send-health.js';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';

/** A send's bounce and complaint rates; a warning past 2 % / 0.1 %, and the pause (with Resume) past 5 % / 0.3 %. */
export function SendHealthBanner({ issueId, health }: { issueId: string; health: SendHealth }) {
  const utils = trpc.useUtils();
  const resume = trpc.mail.resumeSend.useMutation();
  const rates = `Bounces ${formatRate(health.bounceRate)} · complaints ${formatRate(health.complaintRate)} of ${health.sent} sent`;

  async function resumeSending() {
    try {
      await resume.mutateAsync({ id: issueId });
      toast({ title: 'Sending resumed', description: 'The rest of the issue is on its way.' });
      await utils.mail.progress.invalidate({ id: issueId });
    } catch (error) {
      toastFailure('Not resumed', error, 'Please try again.');
    }
  }

  if (health.paused)
    return (
      <Alert color="red" variant="light" title="Sending paused" role="alert">
        <Text size="sm">
          {rates}. Past {formatRate(SEND_HEALTH_LIMITS.pauseBounceRate)} bounces or{' '}
          {formatRate(SEND_HEALTH_LIMITS.pauseComplaintRate)} complaints mailbox providers start treating your mail as
          spam, so the rest of this issue waits. Check the list (an old or imported list bounces most), then resume.
        </Text>
        <Button mt="sm" color="red" onClick={() => void resumeSending()} loading={resume.isPending}>
          Resume sending
        </Button>
      </Alert>
    );
  if (health.level !== 'ok')
    return (
      <Alert color="yellow" variant="light" title="High bounce or complaint rate" role="status">
        <Text size="sm">
          {rates}. Above {formatRate(SEND_HEALTH_LIMITS.warnBounceRate)} bounces or{' '}
          {formatRate(SEND_HEALTH_LIMITS.warnComplaintRate)} complaints hurts delivery; the send pauses by itself at{' '}
          {formatRate(SEND_HEALTH_LIMITS.pauseBounceRate)} / {formatRate(SEND_HEALTH_LIMITS.pauseComplaintRate)}.
        </Text>
      </Alert>
    );
  return (
    <Text size="sm" data-testid="send-health">
      {rates}
    </Text>
  );
}

import { AdminPanel } from '../ui/AdminPanel.js';
import { Button, Group, Progress, Table, Text } from '@mantine/core';
import { useEffect } from 'react';
import { isSendDone, sendProgressPercent, type SendFigures } from '../../../domain/newsletter-issues.js';
import { trpc } from '../../trpc.js';
import { ADMIN_LIST_PAGE } from '../submissions/SubmissionsSection.js';
import { toast } from '../../ui/toast-store.js';
import classes from '../admin.module.css';
import { toastFailure } from '../../ui/form-feedback.js';
import { SendHealthBanner } from './SendHealthBanner.js';
import { IssueLinkClicks } from './IssueLinkClicks.js';

const POLL_MS = 1_000;

export function FiguresLine({ figures }: { figures: SendFigures }) {
  const parts = [`${figures.sent} sent`, `${figures.failed} failed`, `${figures.remaining} remaining`];
  if (figures.uncertain) parts.push(`${figures.uncertain} uncertain`);
  if (figures.skipped) parts.push(`${figures.skipped} skipped`);
  return (
    <Text size="sm" data-testid="send-figures">
      {parts.join(' · ')} (of {figures.total})
    </Text>
  );
}

/** "Sending “…”" while messages wait; once none does, what happened: sent, or sent with failures. */
function sendProgressTitle(subject: string, figures: SendFigures | undefined): string {
  if (!figures || !isSendDone(figures)) return `Sending “${subject}”`;
  return figures.failed > 0 ? `Sent “${subject}”, with failures` : `Sent “${subject}”`;
}

/**
 * A sent issue's live progress (polled while messages wait), its failures with reasons, "Retry failed", and once
 * sent its clicks per link.
 */
export function SendProgress({ issueId, subject }: { issueId: string; subject: string }) {
  const utils = trpc.useUtils();
  const progress = trpc.mail.progress.useQuery(
    { id: issueId },
    { refetchInterval: (query) => (query.state.data && isSendDone(query.state.data.figures) ? false : POLL_MS) },
  );
  const retry = trpc.mail.retryFailed.useMutation();

  // The issue's row in the list below shows the same figures as this panel, not an older poll.
  const latest = progress.data;
  useEffect(() => {
    if (!latest) return;
    utils.mail.issues.setInfiniteData({ limit: ADMIN_LIST_PAGE }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((issue) =>
                issue.id === issueId ? { ...issue, status: latest.status, figures: latest.figures } : issue,
              ),
            })),
          }
        : data,
    );
  }, [latest, issueId, utils]);
  const figures = progress.data?.figures;
  const percent = figures ? sendProgressPercent(figures) : 0;

  async function retryFailed() {
    try {
      const { retried } = await retry.mutateAsync({ id: issueId });
      toast({ title: 'Retrying', description: `${retried} failed messages are queued again.` });
      await Promise.all([progress.refetch(), utils.mail.issues.invalidate()]);
    } catch (error) {
      toastFailure('Retry failed', error, 'Please try again.');
    }
  }

  return (
    <AdminPanel
      id="send-progress"
      level={3}
      gap="sm"
      titleClassName={classes.breakAnywhere}
      title={sendProgressTitle(subject, figures)}
    >
      <Progress
        value={percent}
        size="lg"
        radius="sm"
        aria-label={`Sending progress: ${percent}%`}
        color={figures && figures.failed > 0 ? 'orange' : 'green'}
        animated={figures ? !isSendDone(figures) : true}
        striped={figures ? !isSendDone(figures) : true}
      />
      <Group justify="space-between" wrap="wrap" gap="xs">
        {figures ? <FiguresLine figures={figures} /> : <Text size="sm">Loading…</Text>}
        <Text size="sm" fw={600} data-testid="send-percent">
          {percent}%{figures && isSendDone(figures) ? ' · done' : ''}
        </Text>
      </Group>
      {progress.data && <SendHealthBanner issueId={issueId} health={progress.data.health} />}
      {progress.data && progress.data.failures.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="xs" aria-label="Failed messages">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Address</Table.Th>
                  <Table.Th scope="col">Reason</Table.Th>
                  <Table.Th scope="col">Attempts</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {progress.data.failures.map((failure) => (
                  <Table.Tr key={failure.email}>
                    <Table.Td className={classes.breakAnywhere}>{failure.email}</Table.Td>
                    <Table.Td className={classes.breakAnywhere}>{failure.error}</Table.Td>
                    <Table.Td>{failure.attempts}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void retryFailed()} disabled={retry.isPending}>
              {retry.isPending ? 'Retrying...' : 'Retry failed'}
            </Button>
          </Group>
        </>
      )}
      {figures && isSendDone(figures) && <IssueLinkClicks issueId={issueId} />}
      {figures && figures.uncertain > 0 && (
        <Text size="xs" c="dimmed">
          Uncertain: the server stopped while these were being handed to the relay. They may have arrived, so they are
          not sent again.
        </Text>
      )}
    </AdminPanel>
  );
}

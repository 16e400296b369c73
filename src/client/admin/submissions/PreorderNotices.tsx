import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import classes from '../admin.module.css';
import { FiguresLine } from '../mail/SendProgress.js';

type Candidate = { bookId: string; title: string; waiting: number };

const customers = (count: number) => `${count} preorder ${count === 1 ? 'customer' : 'customers'}`;

/**
 * Asks before telling a book's waiting preorder customers it is out (once each); closes itself
 * when done. Used by the Preorders tab's panel and right after a book is saved as published.
 */
export function NotifyPreordersDialog({ candidate, onClose }: { candidate: Candidate | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const notify = trpc.mail.notifyPreorders.useMutation();

  async function confirm() {
    if (!candidate) return;
    try {
      const { queued } = await notify.mutateAsync({ id: candidate.bookId });
      toast({
        title: 'Notices on their way',
        description: `${customers(queued)} will be told “${candidate.title}” is out.`,
      });
      onClose();
      await Promise.all([utils.mail.preorderNotices.invalidate(), utils.admin.preorders.invalidate()]);
    } catch (error) {
      onClose();
      toast({ title: 'Not sent', description: serverErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  }

  return (
    <Modal
      opened={candidate !== null}
      onClose={() => !notify.isPending && onClose()}
      title={candidate ? `Notify ${customers(candidate.waiting)}?` : ''}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Text size="sm">
        Each gets one email saying “{candidate?.title}” is out, with the format they chose and where to buy it. A
        customer is never notified twice.
      </Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} disabled={notify.isPending} data-autofocus>
          {candidate && candidate.waiting > 0 ? 'Not now' : 'Cancel'}
        </Button>
        <Button onClick={() => void confirm()} disabled={notify.isPending}>
          {notify.isPending ? 'Sending...' : candidate ? `Notify ${customers(candidate.waiting)}` : 'Notify'}
        </Button>
      </Group>
    </Modal>
  );
}

/** Published books with preorders: "Notify N preorder customers" (once each), and the notices' progress. */
export function PreorderNotices() {
  const books = trpc.mail.preorderNotices.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.some((book) => book.figures.remaining > 0) ? 1_000 : false),
  });
  const [asking, setAsking] = useState<Candidate | null>(null);

  if (!books.data || books.data.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-labelledby="preorder-notices-title">
      <Title order={3} size="h4" id="preorder-notices-title" mb="xs">
        Published books with preorders
      </Title>
      <Stack gap="sm">
        {books.data.map((book) => (
          <Group key={book.bookId} justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} className={classes.breakAnywhere}>
                {book.title}
              </Text>
              <Text size="xs" c="dimmed">
                {book.notified} notified, {book.waiting} waiting
              </Text>
              {book.figures.total > 0 && <FiguresLine figures={book.figures} />}
            </Stack>
            {book.waiting > 0 && (
              <Button onClick={() => setAsking(book)} disabled={asking !== null}>
                Notify {customers(book.waiting)}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <NotifyPreordersDialog candidate={asking} onClose={() => setAsking(null)} />
    </Paper>
  );
}

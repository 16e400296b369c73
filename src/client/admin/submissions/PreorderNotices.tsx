import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import classes from '../admin.module.css';
import { FiguresLine } from '../mail/SendProgress.js';

type Candidate = { bookId: string; title: string; waiting: number };

const customers = (count: number) => `${count} preorder ${count === 1 ? 'customer' : 'customers'}`;

/** Published books with preorders: "Notify N preorder customers" (once each), and the notices' progress. */
export function PreorderNotices() {
  const utils = trpc.useUtils();
  const books = trpc.mail.preorderNotices.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.some((book) => book.figures.remaining > 0) ? 1_000 : false),
  });
  const notify = trpc.mail.notifyPreorders.useMutation();
  const [asking, setAsking] = useState<Candidate | null>(null);

  async function confirm() {
    if (!asking) return;
    try {
      const { queued } = await notify.mutateAsync({ id: asking.bookId });
      toast({
        title: 'Notices on their way',
        description: `${customers(queued)} will be told “${asking.title}” is out.`,
      });
      setAsking(null);
      await Promise.all([utils.mail.preorderNotices.invalidate(), utils.admin.preorders.invalidate()]);
    } catch (error) {
      setAsking(null);
      toast({ title: 'Not sent', description: serverErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  }

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
              <Button onClick={() => setAsking(book)} disabled={notify.isPending}>
                Notify {customers(book.waiting)}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <Modal
        opened={asking !== null}
        onClose={() => !notify.isPending && setAsking(null)}
        title={asking ? `Notify ${customers(asking.waiting)}?` : ''}
        centered
        radius="md"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Text size="sm">
          Each gets one email saying “{asking?.title}” is out, with the format they chose and where to buy it. A
          customer is never notified twice.
        </Text>
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={() => setAsking(null)} disabled={notify.isPending} data-autofocus>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} disabled={notify.isPending}>
            {notify.isPending ? 'Sending...' : asking ? `Notify ${customers(asking.waiting)}` : 'Notify'}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}

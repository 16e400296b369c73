import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { EVERYTHING, NEW_RELEASES, interestLabel, seriesInterest } from '../../../domain/newsletter-interests.js';
import { READER_LIMITS, type BulkReaderAction } from '../../../domain/readers.schema.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { trpc } from '../../trpc.js';

const ACTION_LABELS: Record<BulkReaderAction, string> = {
  unsubscribe: 'Unsubscribe',
  'add-interest': 'Add interest',
  'remove-interest': 'Remove interest',
  delete: 'Delete',
};

/**
 * The actions on the readers ticked in the list: each asks in a dialog (a reason to unsubscribe, the interest to
 * add or remove, a confirmation to delete), then answers how many it changed.
 */
export function BulkReaderActions({
  ids,
  seriesNames,
  onDone,
}: {
  ids: string[];
  seriesNames: ReadonlyMap<string, string>;
  onDone: () => Promise<unknown>;
}) {
  const [action, setAction] = useState<BulkReaderAction | null>(null);
  const [reason, setReason] = useState('');
  const [interest, setInterest] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bulk = trpc.admin.bulkSubscribers.useMutation();
  const interests = [EVERYTHING, NEW_RELEASES, ...[...seriesNames.keys()].map(seriesInterest)];
  const count = `${ids.length} subscriber${ids.length === 1 ? '' : 's'}`;

  const close = () => {
    setAction(null);
    setReason('');
    setInterest(null);
    setError(null);
  };

  async function run() {
    if (!action) return;
    setError(null);
    try {
      const input =
        action === 'unsubscribe'
          ? { action, ids, reason }
          : action === 'delete'
            ? { action, ids }
            : { action, ids, interest: interest ? [interest] : [] };
      const { changed } = await bulk.mutateAsync(input);
      toast({ title: ACTION_LABELS[action], description: `${changed} of ${count} changed` });
      close();
      await onDone();
    } catch (failure) {
      setError(serverErrorMessage(failure, 'Nothing was changed. Please try again.'));
    }
  }

  return (
    <>
      <Group gap="xs" mb="sm" role="toolbar" aria-label="Bulk actions">
        <Text size="sm" fw={600}>
          {count} selected
        </Text>
        {(Object.keys(ACTION_LABELS) as BulkReaderAction[]).map((name) => (
          <Button
            key={name}
            size="xs"
            variant={name === 'delete' ? 'light' : 'default'}
            color={name === 'delete' ? 'red' : undefined}
            onClick={() => setAction(name)}
          >
            {ACTION_LABELS[name]}
          </Button>
        ))}
      </Group>
      <Modal
        opened={action !== null}
        onClose={close}
        title={action ? `${ACTION_LABELS[action]}: ${count}` : ''}
        centered
        radius="md"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack
          gap="sm"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            void run();
          }}
        >
          {action === 'unsubscribe' && (
            <Textarea
              label="Reason"
              description="Kept in each reader’s history; the addresses go on the suppression list"
              withAsterisk
              value={reason}
              maxLength={READER_LIMITS.reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              data-autofocus
            />
          )}
          {(action === 'add-interest' || action === 'remove-interest') && (
            <Select
              label="Interest"
              required
              value={interest}
              data={interests.map((value) => ({ value, label: interestLabel(value, seriesNames) }))}
              onChange={setInterest}
              data-autofocus
            />
          )}
          {action === 'delete' && (
            <Text size="sm">
              These subscribers and their history will be permanently deleted. This cannot be undone.
            </Text>
          )}
          {error && (
            <Text size="sm" c="red.4" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={bulk.isPending} data-autofocus={action === 'delete'}>
              Cancel
            </Button>
            <Button type="submit" color={action === 'delete' ? 'red.9' : undefined} loading={bulk.isPending}>
              {action ? `${ACTION_LABELS[action]} ${count}` : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { EVERYTHING, NEW_RELEASES, interestLabel, seriesInterest } from '../../../domain/newsletter-interests.js';
import { READER_LIMITS, type BulkReaderAction } from '../../../domain/readers.schema.js';
import { ACTION_LABELS, useBulkReaderAction, type BulkReaderRun } from './use-bulk-reader-action.js';

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
  const run = useBulkReaderAction({ ids, onDone });
  return (
    <>
      <Group gap="xs" mb="sm" role="toolbar" aria-label="Bulk actions">
        <Text size="sm" fw={600}>
          {run.count} selected
        </Text>
        {(Object.keys(ACTION_LABELS) as BulkReaderAction[]).map((name) => (
          <Button
            key={name}
            size="xs"
            variant={name === 'delete' ? 'light' : 'default'}
            color={name === 'delete' ? 'red' : undefined}
            onClick={() => run.setAction(name)}
          >
            {ACTION_LABELS[name]}
          </Button>
        ))}
      </Group>
      <BulkActionDialog run={run} seriesNames={seriesNames} />
    </>
  );
}

/** The dialog of the action chosen: what it asks for, its error, Cancel and the button that runs it. */
function BulkActionDialog({ run, seriesNames }: { run: BulkReaderRun; seriesNames: ReadonlyMap<string, string> }) {
  const { action, count, close } = run;
  return (
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
          void run.run();
        }}
      >
        <BulkActionFields run={run} seriesNames={seriesNames} />
        {run.error && (
          <Text size="sm" c="red.4" role="alert">
            {run.error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={run.pending} data-autofocus={action === 'delete'}>
            Cancel
          </Button>
          <Button type="submit" color={action === 'delete' ? 'red.9' : undefined} loading={run.pending}>
            {action ? `${ACTION_LABELS[action]} ${count}` : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What the action asks for: a reason to unsubscribe, the interest to add or remove, a warning before deleting. */
function BulkActionFields({ run, seriesNames }: { run: BulkReaderRun; seriesNames: ReadonlyMap<string, string> }) {
  const { action } = run;
  const interests = [EVERYTHING, NEW_RELEASES, ...[...seriesNames.keys()].map(seriesInterest)];
  return (
    <>
      {action === 'unsubscribe' && (
        <Textarea
          label="Reason"
          description="Kept in each reader’s history; the addresses go on the suppression list"
          withAsterisk
          value={run.reason}
          maxLength={READER_LIMITS.reason}
          onChange={(event) => run.setReason(event.currentTarget.value)}
          data-autofocus
        />
      )}
      {(action === 'add-interest' || action === 'remove-interest') && (
        <Select
          label="Interest"
          required
          value={run.interest}
          data={interests.map((value) => ({ value, label: interestLabel(value, seriesNames) }))}
          onChange={run.setInterest}
          data-autofocus
        />
      )}
      {action === 'delete' && (
        <Text size="sm">These subscribers and their history will be permanently deleted. This cannot be undone.</Text>
      )}
    </>
  );
}

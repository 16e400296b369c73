import { Badge, Button, Group, Modal, Paper, Select, Skeleton, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  addSuppressionInputSchema,
  removeSuppressionInputSchema,
  SUPPRESSION_LIMITS,
  SUPPRESSION_REASON_LABELS,
  SUPPRESSION_REASONS,
  type Suppression,
  type SuppressionReason,
} from '../../../domain/suppressions.schema.js';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';
import { zodValidate } from '../../ui/zod-validate.js';
import classes from '../admin.module.css';
import { formatAdminDate } from '../ui/format-date.js';
import { LoadError } from '../ui/ListStates.js';
import { SectionHeader } from '../ui/SectionHeader.js';

const REASON_COLORS: Record<SuppressionReason, string> = {
  bounce: 'orange',
  complaint: 'red',
  unsubscribed: 'gray',
  manual: 'blue',
};

const REASON_OPTIONS = SUPPRESSION_REASONS.map((value) => ({ value, label: SUPPRESSION_REASON_LABELS[value] }));

type AddValues = { email: string; reason: SuppressionReason; note: string };

function AddForm({ onAdded }: { onAdded: () => void }) {
  const add = trpc.suppressions.add.useMutation();
  const form = useForm<AddValues>({
    initialValues: { email: '', reason: 'manual', note: '' },
    validate: zodValidate(addSuppressionInputSchema, (values: AddValues) => values),
  });
  return (
    <form
      aria-label="Add an address to the suppression list"
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        try {
          const added = await add.mutateAsync(values);
          toast({ title: 'Added to the suppression list', description: added.email });
          form.reset();
          onAdded();
        } catch (error) {
          toastFailure('Not added', error);
        }
      })}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          style={{ flex: '2 1 14rem' }}
          {...form.getInputProps('email')}
        />
        <Select
          label="Reason"
          data={REASON_OPTIONS}
          allowDeselect={false}
          style={{ flex: '1 1 10rem' }}
          {...form.getInputProps('reason')}
        />
        <TextInput
          label="Note"
          maxLength={SUPPRESSION_LIMITS.note}
          style={{ flex: '2 1 14rem' }}
          {...form.getInputProps('note')}
        />
        <Button type="submit" loading={add.isPending}>
          Add
        </Button>
      </Group>
    </form>
  );
}

function RemoveModal({ entry, onClose }: { entry: Suppression | null; onClose: (removed: boolean) => void }) {
  const remove = trpc.suppressions.remove.useMutation();
  const form = useForm({
    initialValues: { reason: '' },
    validate: zodValidate(removeSuppressionInputSchema, (values: { reason: string }) => ({
      email: entry?.email ?? '',
      reason: values.reason,
    })),
  });
  const close = (removed: boolean) => {
    form.reset();
    onClose(removed);
  };
  return (
    <Modal
      opened={entry !== null}
      onClose={() => {
        if (!remove.isPending) close(false);
      }}
      title="Remove from the suppression list?"
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form
        onSubmit={form.onSubmit(async (values) => {
          if (!entry) return;
          try {
            await remove.mutateAsync({ email: entry.email, reason: values.reason });
            toast({ title: 'Removed from the suppression list', description: entry.email });
            close(true);
          } catch (error) {
            toastFailure('Not removed', error);
          }
        })}
      >
        <Text size="sm" mb="sm">
          {entry?.email} will receive mail from the site again (issues, notices, confirmations). Say why, for the
          record.
        </Text>
        <Textarea
          label="Reason for removing"
          withAsterisk
          autosize
          minRows={2}
          maxLength={SUPPRESSION_LIMITS.removalReason}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={() => close(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={remove.isPending}>
            Remove
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

function EntryRow({ entry, onRemove }: { entry: Suppression; onRemove: () => void }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.listRow}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} className={classes.breakAnywhere}>
              {entry.email}
            </Text>
            <Badge color={REASON_COLORS[entry.reason]} variant="light" radius="sm">
              {SUPPRESSION_REASON_LABELS[entry.reason]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            <time dateTime={entry.createdAt.toISOString()}>{formatAdminDate(entry.createdAt)}</time>
            {entry.issueId && ` · from the issue “${entry.issueSubject ?? 'deleted issue'}”`}
          </Text>
          {entry.note && (
            <Text size="xs" className={classes.breakAnywhere}>
              {entry.note}
            </Text>
          )}
        </Stack>
        <Button variant="default" size="sm" onClick={onRemove} aria-label={`Remove ${entry.email} from the list`}>
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

/** Mail → Suppression list: addresses nothing is sent to, with why and since when; add and remove (with a reason). */
export function SuppressionList() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [removing, setRemoving] = useState<Suppression | null>(null);
  const list = trpc.suppressions.list.useQuery({ search, offset }, { placeholderData: (previous) => previous });
  const utils = trpc.useUtils();
  const refresh = () => void utils.suppressions.list.invalidate();
  const total = list.data?.total ?? 0;
  const pageSize = SUPPRESSION_LIMITS.pageSize;

  return (
    <Stack gap="md" component="section" aria-label="Suppression list">
      <SectionHeader title={`Suppression list${list.data ? ` (${total})` : ''}`} />
      <Text size="sm">
        Nothing is sent to these addresses — no issue, notice, confirmation or welcome email — until you remove them.
        Bounces from the relay are added automatically.
      </Text>
      <AddForm onAdded={refresh} />
      <TextInput
        label="Search addresses"
        type="search"
        value={search}
        maxLength={SUPPRESSION_LIMITS.search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setOffset(0);
        }}
      />
      {list.isPending ? (
        <Skeleton height={64} radius="md" aria-label="Loading the suppression list" />
      ) : list.isError ? (
        <LoadError title="Could not load the suppression list" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {search ? 'No suppressed address matches.' : 'No suppressed addresses.'}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Suppressed addresses">
          {list.data.entries.map((entry) => (
            <EntryRow key={entry.email} entry={entry} onRemove={() => setRemoving(entry)} />
          ))}
        </Stack>
      )}
      {total > pageSize && (
        <Group justify="space-between">
          <Button variant="default" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - pageSize))}>
            Previous
          </Button>
          <Text size="sm">
            {offset + 1}–{Math.min(offset + pageSize, total)} of {total}
          </Text>
          <Button variant="default" disabled={offset + pageSize >= total} onClick={() => setOffset(offset + pageSize)}>
            Next
          </Button>
        </Group>
      )}
      <RemoveModal
        entry={removing}
        onClose={(removed) => {
          setRemoving(null);
          if (removed) refresh();
        }}
      />
    </Stack>
  );
}

import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { EVERYTHING, NEW_RELEASES, interestLabel, seriesInterest } from '../../../domain/newsletter-interests.js';
import { READER_STATE_MEANINGS } from '../../../domain/reader-states.js';
import { READER_LIMITS, type AuthorStatusChange, type ReaderProfile } from '../../../domain/readers.schema.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { trpc } from '../../trpc.js';
import classes from '../admin.module.css';
import { formatAdminDate } from '../ui/format-date.js';
import { ReaderStateBadge } from './ReaderStateBadge.js';

const STATUS_CHOICES: { value: AuthorStatusChange | 'keep'; label: string }[] = [
  { value: 'keep', label: 'Keep as it is' },
  { value: 'unsubscribed', label: 'Unsubscribe (adds to the suppression list)' },
  { value: 'suppressed', label: 'Suppress (never mail this address)' },
];

function When({ date }: { date: Date }) {
  return (
    <Text component="time" dateTime={date.toISOString()} size="sm" c="dimmed">
      {formatAdminDate(date)}
    </Text>
  );
}

/** The profile's edit form: name, interests, and a status change with its reason. */
function ReaderEditForm({
  profile,
  seriesNames,
  onSaved,
}: {
  profile: ReaderProfile;
  seriesNames: ReadonlyMap<string, string>;
  onSaved: () => Promise<unknown>;
}) {
  const { reader } = profile;
  const [name, setName] = useState(reader.name ?? '');
  const [interests, setInterests] = useState<string[]>(reader.interests ?? []);
  const [status, setStatus] = useState<AuthorStatusChange | 'keep'>('keep');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = trpc.admin.updateSubscriber.useMutation();
  const mailable = reader.state === 'subscribed' || reader.state === 'unconfirmed';
  const interestChoices = [EVERYTHING, NEW_RELEASES, ...[...seriesNames.keys()].map(seriesInterest)];

  async function save() {
    setError(null);
    if (status !== 'keep' && !reason.trim()) {
      setError('Say why: the reason is kept in the reader’s history.');
      return;
    }
    try {
      await update.mutateAsync({
        id: reader.id,
        name: name.trim() || null,
        interests,
        ...(status === 'keep' ? {} : { status }),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      toast({ title: 'Saved', description: `${reader.email} updated` });
      setStatus('keep');
      setReason('');
      await onSaved();
    } catch (failure) {
      setError(serverErrorMessage(failure, 'The changes could not be saved. Please try again.'));
    }
  }

  return (
    <Stack
      gap="sm"
      component="form"
      aria-label="Edit subscriber"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextInput
        label="Name"
        value={name}
        maxLength={READER_LIMITS.name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Checkbox.Group label="Interests" description="None ticked: everything" value={interests} onChange={setInterests}>
        <Stack gap={6} mt={6}>
          {interestChoices.map((interest) => (
            <Checkbox key={interest} value={interest} label={interestLabel(interest, seriesNames)} />
          ))}
        </Stack>
      </Checkbox.Group>
      {mailable ? (
        <Select
          label="Status"
          value={status}
          allowDeselect={false}
          data={STATUS_CHOICES}
          onChange={(value) => setStatus((value ?? 'keep') as AuthorStatusChange | 'keep')}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Only the reader can subscribe again: the sign-up form asks them to confirm by email.
        </Text>
      )}
      <Textarea
        label="Reason"
        description={status === 'keep' ? 'Optional; kept in the history' : 'Required; kept in the history'}
        withAsterisk={status !== 'keep'}
        value={reason}
        maxLength={READER_LIMITS.reason}
        autosize
        minRows={2}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      {error && (
        <Alert color="red" role="alert" title="Not saved">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </Group>
    </Stack>
  );
}

/** A reader's profile: state, totals, the edit form and the history, newest first. */
export function ReaderProfileModal({
  id,
  seriesNames,
  onClose,
  onChanged,
}: {
  id: string | null;
  seriesNames: ReadonlyMap<string, string>;
  onClose: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const profile = trpc.admin.subscriber.useQuery({ id: id ?? '' }, { enabled: id !== null });
  const data = id !== null ? profile.data : undefined;
  // A new reader opens a new form (the form keeps its own fields while editing).
  const [formKey, setFormKey] = useState(0);
  useEffect(() => setFormKey((key) => key + 1), [id]);
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title="Subscriber"
      fullScreen={phone ?? false}
      size="lg"
      radius="md"
      closeButtonProps={{ 'aria-label': 'Close subscriber' }}
    >
      {profile.isPending && id !== null && <Loader size="sm" aria-label="Loading subscriber" />}
      {profile.error && (
        <Alert color="red" role="alert" title="Failed to load the subscriber">
          {serverErrorMessage(profile.error, 'Please try again.')}
        </Alert>
      )}
      {data && (
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={3} size="h4" className={classes.breakAnywhere}>
              {data.reader.email}
            </Title>
            {data.reader.name && <Text>{data.reader.name}</Text>}
            <Group gap="xs">
              <ReaderStateBadge state={data.reader.state} />
              <Text size="sm" c="dimmed">
                {READER_STATE_MEANINGS[data.reader.state]}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" className={classes.breakAnywhere}>
              Source: {data.reader.source ?? 'not recorded'}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs" aria-label="Totals">
            {(
              [
                ['Issues received', data.totals.issues],
                ['Clicks', data.totals.clicks],
                ['Gift downloads', data.totals.giftDownloads],
                ['Preorders', data.totals.preorders],
                ['Purchases', data.totals.purchases],
              ] as const
            ).map(([label, value]) => (
              <Stack key={label} gap={0}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={600}>{value.toLocaleString('en')}</Text>
              </Stack>
            ))}
          </SimpleGrid>
          <ReaderEditForm
            key={`${data.reader.id}-${formKey}`}
            profile={data}
            seriesNames={seriesNames}
            onSaved={() => Promise.all([profile.refetch(), onChanged()])}
          />
          <Title order={4} size="h5">
            History
          </Title>
          <List spacing="xs" listStyleType="none" aria-label="History" pl={0}>
            {data.history.map((event, index) => (
              <List.Item key={`${event.kind}-${index}`}>
                <Stack gap={0}>
                  <When date={event.at} />
                  <Text size="sm" className={classes.breakAnywhere}>
                    {event.text}
                  </Text>
                </Stack>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Modal>
  );
}

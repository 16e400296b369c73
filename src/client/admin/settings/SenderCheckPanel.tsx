import { Alert, Badge, Button, Code, CopyButton, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isSoundSuggestion } from '../../../domain/mail-auth-records.js';
import {
  DNS_RECORD_LABELS,
  generateDkimKeyInputSchema,
  type DnsRecordState,
  type DnsRecordVerdict,
  type GenerateDkimKeyInput,
} from '../../../domain/sender-check.schema.js';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';
import { zodValidate } from '../../ui/zod-validate.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { LoadError } from '../ui/ListStates.js';

const STATE_BADGE: Record<DnsRecordState, { label: string; color: string }> = {
  // Dark shades: white text on them meets WCAG AA.
  found: { label: 'Found', color: 'green.9' },
  'no-record': { label: 'Missing', color: 'red.9' },
  'no-domain': { label: 'No such domain', color: 'red.9' },
  'no-key': { label: 'Not signing', color: 'red.9' },
  wrong: { label: 'Wrong', color: 'orange.9' },
  'no-answer': { label: 'No answer', color: 'gray.8' },
};

/** A record the site suggests is shown only when the shared SPF/DMARC parser finds it sound. */
const shownSuggestion = (record: DnsRecordVerdict) =>
  record.suggested && (record.kind === 'dkim' || isSoundSuggestion(record.kind, record.suggested))
    ? record.suggested
    : null;

/** A DNS value to copy: shown whole (it wraps), with a button named for what it copies. */
function CopyableValue({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label={label}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant="default"
            onClick={copy}
            aria-label={`Copy ${label}`}
            style={{ alignSelf: 'flex-start' }}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

function RecordVerdict({ record }: { record: DnsRecordVerdict }) {
  const badge = STATE_BADGE[record.state];
  const label = DNS_RECORD_LABELS[record.kind];
  const suggested = shownSuggestion(record);
  const problems = record.problems.filter((problem) => problem.severity !== 'advice');
  return (
    <Stack gap={6} component="li" aria-label={`${label}: ${badge.label}`} style={{ listStyle: 'none' }}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{label}</Text>
        <Badge color={badge.color} variant="filled" radius="sm" autoContrast>
          {badge.label}
        </Badge>
        <Code style={{ wordBreak: 'break-all' }}>{record.name}</Code>
      </Group>
      <Text size="sm">{record.verdict}</Text>
      {record.found && <CopyableValue label={`${label} record found`} value={record.found} />}
      {problems.length > 1 && (
        <Stack gap={2} component="ul" aria-label={`${label} problems`} pl="md" m={0}>
          {problems.map((problem) => (
            <Text size="sm" component="li" key={problem.message}>
              {problem.message}
            </Text>
          ))}
        </Stack>
      )}
      {record.fix && (
        <Text size="sm">
          <Text span fw={600}>
            Fix:{' '}
          </Text>
          {record.fix}
        </Text>
      )}
      {suggested && <CopyableValue label={`${label} record to publish`} value={suggested} />}
    </Stack>
  );
}

/** The generator's form: selector and domain (MAIL_FROM's by default), checked as the server checks them. */
function DkimKeyForm({ defaultDomain, configured }: { defaultDomain: string; configured: boolean }) {
  const utils = trpc.useUtils();
  const generate = trpc.senderCheck.generateDkimKey.useMutation();
  const form = useForm<GenerateDkimKeyInput>({
    mode: 'controlled',
    initialValues: { selector: `site${new Date().getFullYear()}`, domain: defaultDomain },
    validate: zodValidate(generateDkimKeyInputSchema, (values: GenerateDkimKeyInput) => values),
  });

  async function submit(values: GenerateDkimKeyInput) {
    try {
      const saved = await generate.mutateAsync(values);
      utils.senderCheck.dkimKey.setData(undefined, saved);
      await utils.senderCheck.check.invalidate();
      toast({ title: 'DKIM key generated', description: 'Publish its DNS record; every email is signed with it now.' });
    } catch (error) {
      toastFailure('Key not generated', error, 'Please try again.');
    }
  }

  return (
    <form aria-labelledby="dkim-key-title" noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput size="md" label="Selector" miw={160} {...form.getInputProps('selector')} />
          <TextInput size="md" label="Domain" miw={160} {...form.getInputProps('domain')} />
        </Group>
        {configured && (
          <Text size="sm" c="dimmed">
            A new key replaces the current one: publish its record before the next send.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={generate.isPending}>
            {configured ? 'Generate a new key' : 'Generate key'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DkimKeyGenerator() {
  const key = trpc.senderCheck.dkimKey.useQuery();
  if (key.isPending) return <Skeleton height={80} aria-label="Loading the DKIM key" />;
  if (key.isError)
    return <LoadError title="Could not load the DKIM key" error={key.error} onRetry={() => void key.refetch()} />;
  return (
    <Stack gap="sm">
      <Text fw={600} id="dkim-key-title">
        DKIM key
      </Text>
      {key.data.record ? (
        <>
          <Text size="sm">
            Every email is signed with the key of selector <Code>{key.data.selector}</Code> for{' '}
            <Code>{key.data.domain}</Code>. Publish this TXT record at your DNS host:
          </Text>
          <CopyableValue label="DKIM record name" value={key.data.record.name} />
          <CopyableValue label="DKIM record value" value={key.data.record.value} />
        </>
      ) : (
        <Text size="sm">
          No key yet: generate one and the site signs every email with it. Skip this if your mail provider signs for
          you.
        </Text>
      )}
      <DkimKeyForm defaultDomain={key.data.domain} configured={key.data.configured} />
    </Stack>
  );
}

/** Settings → Mail: the sender's DNS records (SPF, DKIM, DMARC) with a verdict and fix each, and the DKIM key. */
export function SenderCheckPanel() {
  const utils = trpc.useUtils();
  const check = trpc.senderCheck.check.useQuery({ fresh: false });
  const fetchingFresh = utils.senderCheck.check;

  async function checkAgain() {
    try {
      // staleTime 0: a second "Check again" asks the server again rather than reading the first answer back.
      const result = await fetchingFresh.fetch({ fresh: true }, { staleTime: 0 });
      utils.senderCheck.check.setData({ fresh: false }, result);
    } catch (error) {
      toastFailure('Not checked', error, 'Please try again.');
    }
  }

  return (
    <AdminPanel
      id="sender-check"
      title="Sender check"
      description="Receivers trust mail whose domain publishes SPF, DKIM and DMARC records for it."
    >
      {check.isPending ? (
        <Skeleton height={160} aria-label="Checking the sender's DNS records" />
      ) : check.isError ? (
        <LoadError title="Could not check the DNS records" error={check.error} onRetry={() => void check.refetch()} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              Records of <Code>{check.data.domain}</Code>, checked {new Date(check.data.checkedAt).toLocaleTimeString()}
              .
            </Text>
            <Button variant="default" size="sm" onClick={() => void checkAgain()} loading={check.isFetching}>
              Check again
            </Button>
          </Group>
          {check.data.dnsProblem && (
            <Alert color="yellow" variant="light" title="DNS could not be reached">
              {check.data.dnsProblem.message} Nothing below says a record is missing: check again once DNS answers.
            </Alert>
          )}
          <Stack gap="lg" component="ul" p={0} m={0} aria-label="DNS records">
            {check.data.records.map((record) => (
              <RecordVerdict key={record.kind} record={record} />
            ))}
          </Stack>
        </Stack>
      )}
      <DkimKeyGenerator />
    </AdminPanel>
  );
}

import { Alert, Badge, Button, Group, List, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SALE_PROVIDERS, SALE_SECRET_VARIABLES, type SaleProvider } from '../../../domain/sales.js';
import type { SalesSecrets } from '../../../domain/sales.schema.js';
import { trpc, type RouterOutputs } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { FindCopy } from '../sales/FindCopy.js';
import { PROVIDER_LABELS } from '../sales/sales-labels.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { formatAdminDate } from '../ui/format-date.js';

const SAVED_FIELD: Record<SaleProvider, keyof SalesSecrets> = {
  stripe: 'stripeWebhookSecret',
  lemonsqueezy: 'lemonsqueezySigningSecret',
  payhip: 'payhipApiKey',
  shopify: 'shopifyWebhookSecret',
};

const SECRET_NAME: Record<SaleProvider, string> = {
  stripe: 'Webhook signing secret (whsec_…)',
  lemonsqueezy: 'Signing secret',
  payhip: 'API key',
  shopify: 'Webhook secret',
};

type TestResult = RouterOutputs['sales']['sendTestEvent'];

/** What the site did with the test event, in a sentence. */
function testSummary(result: TestResult): { ok: boolean; text: string } {
  const answer = result.answer as {
    result?: string;
    error?: string;
    read?: { amount: number; currency: string; email: string };
  };
  if (result.status === 200 && answer.result === 'test' && answer.read)
    return {
      ok: true,
      text: `Verified and read: a test payment of ${(answer.read.amount / 100).toFixed(2)} ${answer.read.currency.toUpperCase()} from ${answer.read.email}, signed with the secret from ${result.secretFrom === 'environment' ? 'the environment' : 'these settings'}. Recorded as a test: no order was made and no email sent.`,
    };
  return { ok: false, text: `${result.endpoint} answered ${result.status}: ${answer.error ?? JSON.stringify(answer)}` };
}

function ProviderRow({ provider, source }: { provider: SaleProvider; source: 'environment' | 'settings' | null }) {
  const utils = trpc.useUtils();
  const [value, setValue] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const save = trpc.sales.saveSecrets.useMutation();
  const test = trpc.sales.sendTestEvent.useMutation();
  const recent = trpc.sales.recentEvents.useQuery({ provider });
  const label = PROVIDER_LABELS[provider];
  const variable = SALE_SECRET_VARIABLES[provider];

  async function store(secret: string) {
    try {
      await save.mutateAsync({ [SAVED_FIELD[provider]]: secret });
      setValue('');
      await utils.sales.secrets.invalidate();
      toast({ title: secret ? `${label} secret saved` : `${label} secret removed` });
    } catch (error) {
      toast({
        title: 'Not saved',
        description: serverErrorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  async function sendTest() {
    setResult(null);
    try {
      setResult(testSummary(await test.mutateAsync({ provider })));
      await utils.sales.recentEvents.invalidate({ provider });
    } catch (error) {
      setResult({ ok: false, text: serverErrorMessage(error, 'The test event could not be sent.') });
    }
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby={`sales-${provider}-title`}>
      <Group gap="xs" wrap="wrap">
        <Title order={3} size="h5" id={`sales-${provider}-title`}>
          {label}
        </Title>
        <Badge variant="light" color={source ? 'teal' : 'gray'} radius="sm">
          {source === 'environment' ? `Set in the environment` : source === 'settings' ? 'Saved here' : 'Not set'}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Webhook: <code>/api/sales/events/{provider}</code>
        {source === 'environment'
          ? ` · ${variable} is set on the server and wins: a secret saved here is not used while it is.`
          : ` · or set ${variable} on the server (it wins over this field).`}
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <PasswordInput
          label={`${label}: ${SECRET_NAME[provider]}`}
          description={source === 'settings' ? 'Saved; never shown again. Type a new one to replace it.' : undefined}
          placeholder={source === 'settings' ? '•••••••• (saved)' : undefined}
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <Button
          variant="default"
          onClick={() => void store(value.trim())}
          disabled={value.trim().length === 0}
          loading={save.isPending}
          aria-label={`Save the ${label} secret`}
        >
          Save
        </Button>
        {source === 'settings' && (
          <Button
            variant="subtle"
            color="red"
            onClick={() => void store('')}
            aria-label={`Remove the saved ${label} secret`}
          >
            Remove
          </Button>
        )}
        <Button
          variant="light"
          onClick={() => void sendTest()}
          disabled={!source}
          loading={test.isPending}
          aria-label={`Send a test event to the ${label} webhook`}
        >
          Send a test event
        </Button>
      </Group>
      {result && (
        <Alert
          color={result.ok ? 'teal' : 'red'}
          variant="light"
          role="status"
          title={result.ok ? 'The test event arrived' : 'The test event was refused'}
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {result.text}
          </Text>
        </Alert>
      )}
      {(recent.data?.events.length ?? 0) > 0 && (
        <div>
          <Text size="xs" c="dimmed">
            Last events verified from {label}:
          </Text>
          <List size="xs" aria-label={`Last events from ${label}`}>
            {recent.data!.events.map((event) => (
              <List.Item key={event.eventId} style={{ overflowWrap: 'anywhere' }}>
                {formatAdminDate(event.receivedAt)} · {event.kind === 'test' ? 'test event' : event.kind} ·{' '}
                {event.eventId}
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}

/** Settings → Sales: each provider's secret (write-only; the environment wins), a test event, Find a copy's buyer. */
export function SalesSettingsPanel() {
  const secrets = trpc.sales.secrets.useQuery();
  return (
    <AdminPanel
      id="sales-settings"
      title="Sales"
      description="The secrets of the payment providers’ webhooks. A saved secret is never shown again; a variable set on the server wins over it."
    >
      {secrets.error && (
        <Alert color="red" role="alert">
          {serverErrorMessage(secrets.error, 'The sales settings could not be loaded.')}
        </Alert>
      )}
      {secrets.data &&
        SALE_PROVIDERS.map((provider) => (
          <ProviderRow key={provider} provider={provider} source={secrets.data[provider]} />
        ))}
      <FindCopy />
    </AdminPanel>
  );
}

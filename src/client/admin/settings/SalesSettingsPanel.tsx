import { Alert, Badge, Button, Group, List, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { SALE_PROVIDERS, SALE_SECRET_VARIABLES, type SaleProvider } from '../../../domain/sales.js';
import { trpc } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { FindCopy } from '../sales/FindCopy.js';
import { PROVIDER_LABELS } from '../sales/sales-labels.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { formatAdminDate } from '../ui/format-date.js';
import { useProviderSecret, type ProviderSecret } from './use-provider-secret.js';

const SECRET_NAME: Record<SaleProvider, string> = {
  stripe: 'Webhook signing secret (whsec_…)',
  lemonsqueezy: 'Signing secret',
  payhip: 'API key',
  shopify: 'Webhook secret',
};

/** Where the provider's secret comes from: a server variable (which wins), these settings, or nowhere yet. */
type SecretSource = 'environment' | 'settings' | null;

/** One provider: where its secret comes from, the secret's controls, the last test's outcome, its last events. */
function ProviderRow({ provider, source }: { provider: SaleProvider; source: SecretSource }) {
  const label = PROVIDER_LABELS[provider];
  const secret = useProviderSecret(provider, label);
  return (
    <Stack gap="xs" component="section" aria-labelledby={`sales-${provider}-title`}>
      <ProviderHeading provider={provider} source={source} label={label} />
      <SecretControls provider={provider} source={source} label={label} secret={secret} />
      {secret.result && (
        <Alert
          color={secret.result.ok ? 'teal' : 'red'}
          variant="light"
          role="status"
          title={secret.result.ok ? 'The test event arrived' : 'The test event was refused'}
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {secret.result.text}
          </Text>
        </Alert>
      )}
      <RecentEvents provider={provider} label={label} />
    </Stack>
  );
}

/** The provider's name, where its secret comes from, and its webhook's address. */
function ProviderHeading({ provider, source, label }: { provider: SaleProvider; source: SecretSource; label: string }) {
  const variable = SALE_SECRET_VARIABLES[provider];
  return (
    <>
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
    </>
  );
}

/** The secret's field with Save and Remove, and the button sending a test event to the webhook. */
function SecretControls({
  provider,
  source,
  label,
  secret,
}: {
  provider: SaleProvider;
  source: SecretSource;
  label: string;
  secret: ProviderSecret;
}) {
  const { value, setValue, store } = secret;
  return (
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
        loading={secret.saving}
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
        onClick={() => void secret.sendTest()}
        disabled={!source}
        loading={secret.testing}
        aria-label={`Send a test event to the ${label} webhook`}
      >
        Send a test event
      </Button>
    </Group>
  );
}

/** The last events verified from the provider, when there are any. */
function RecentEvents({ provider, label }: { provider: SaleProvider; label: string }) {
  const recent = trpc.sales.recentEvents.useQuery({ provider });
  if ((recent.data?.events.length ?? 0) === 0) return null;
  return (
    <div>
      <Text size="xs" c="dimmed">
        Last events verified from {label}:
      </Text>
      <List size="xs" aria-label={`Last events from ${label}`}>
        {recent.data!.events.map((event) => (
          <List.Item key={event.eventId} style={{ overflowWrap: 'anywhere' }}>
            {formatAdminDate(event.receivedAt)} · {event.kind === 'test' ? 'test event' : event.kind} · {event.eventId}
          </List.Item>
        ))}
      </List>
    </div>
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

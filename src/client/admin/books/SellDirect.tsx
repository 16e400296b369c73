import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { SellableEditionFormat } from '../../../domain/edition-files.js';
import { SALE_CURRENCIES, SALE_PROVIDERS, type SaleProvider } from '../../../domain/sales.js';
import { PROVIDER_LABELS } from '../sales/sales-labels.js';
import { useSellDirect, type SellDirectEdit, type SellDirectFields } from './use-sell-direct.js';

const PRODUCT_HINTS: Record<SaleProvider, { id: string; link: string }> = {
  stripe: { id: 'The Payment Link id, plink_…', link: 'https://buy.stripe.com/…' },
  lemonsqueezy: { id: 'The variant id (or product id)', link: 'https://your-store.lemonsqueezy.com/checkout/buy/…' },
  payhip: { id: 'The product key, e.g. RGsF', link: 'https://payhip.com/b/…' },
  shopify: { id: 'The product id', link: 'https://your-shop.myshopify.com/products/…' },
};

/**
 * An edition's "Sell direct": the provider, its product id, the hosted checkout link and the price the provider
 * charges (an order at another amount is held). Saved on its own (the book's Save does not send it); the files
 * it delivers are the edition's files just below.
 */
export function SellDirect({
  bookId,
  editionFormat,
  edition,
}: {
  bookId: string;
  editionFormat: SellableEditionFormat;
  edition: string;
}) {
  const sellDirect = useSellDirect({ bookId, editionFormat, edition });
  const { saved, error } = sellDirect;
  const titleId = `sell-direct-${editionFormat}-title`;
  return (
    <Stack gap={6} mt="sm" role="group" aria-labelledby={titleId}>
      <Text size="xs" fw={600} c="dimmed" id={titleId}>
        Sell direct{saved ? (saved.isActive ? ' · on' : ' · paused') : ''}
      </Text>
      <SellDirectInputs edition={edition} sellDirect={sellDirect} />
      <Text size="xs" c="dimmed">
        An order whose product, amount or currency differs from these is held for you to check, and nothing is delivered
        until you release it.
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert" title="Not saved">
          {error}
        </Alert>
      )}
      <Group gap="xs">
        <Button type="button" size="xs" onClick={() => void sellDirect.submit()} loading={sellDirect.saving}>
          Save Sell direct
        </Button>
        {saved && (
          <Button
            type="button"
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => void sellDirect.stop()}
            loading={sellDirect.removing}
          >
            Stop selling direct
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The settings themselves, each labelled with the edition: provider, product id, checkout link, price, on/off. */
function SellDirectInputs({ edition, sellDirect }: { edition: string; sellDirect: SellDirectEdit }) {
  const { fields, set } = sellDirect;
  const hint = PRODUCT_HINTS[fields.provider];
  return (
    <>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <NativeSelect
          label={`${edition}: provider`}
          size="sm"
          data={SALE_PROVIDERS.map((provider) => ({ value: provider, label: PROVIDER_LABELS[provider] }))}
          value={fields.provider}
          onChange={(event) => set('provider', event.currentTarget.value as SaleProvider)}
          style={{ flex: '1 1 140px' }}
        />
        <TextInput
          label={`${edition}: product id`}
          description={hint.id}
          size="sm"
          autoComplete="off"
          value={fields.productId}
          onChange={(event) => set('productId', event.currentTarget.value)}
          style={{ flex: '2 1 200px' }}
        />
      </Group>
      <TextInput
        label={`${edition}: checkout link`}
        description="The provider’s hosted checkout page: readers pay there, never on this site"
        placeholder={hint.link}
        size="sm"
        type="url"
        autoComplete="off"
        value={fields.checkoutUrl}
        onChange={(event) => set('checkoutUrl', event.currentTarget.value)}
      />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={`${edition}: price charged`}
          placeholder="4.99"
          inputMode="decimal"
          size="sm"
          autoComplete="off"
          value={fields.price}
          onChange={(event) => set('price', event.currentTarget.value)}
          style={{ flex: '1 1 100px' }}
        />
        <NativeSelect
          label={`${edition}: currency`}
          size="sm"
          data={SALE_CURRENCIES.map((currency) => ({ value: currency, label: currency.toUpperCase() }))}
          value={fields.currency}
          onChange={(event) => set('currency', event.currentTarget.value as SellDirectFields['currency'])}
          style={{ flex: '1 1 90px' }}
        />
        <Checkbox
          label="Offer Buy direct"
          checked={fields.isActive}
          onChange={(event) => set('isActive', event.currentTarget.checked)}
          mb={8}
        />
      </Group>
    </>
  );
}

import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SellableEditionFormat } from '../../../domain/edition-files.js';
import { SALE_CURRENCIES, SALE_PROVIDERS, type SaleProvider } from '../../../domain/sales.js';
import { trpc } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { PROVIDER_LABELS } from '../sales/sales-labels.js';

const PRODUCT_HINTS: Record<SaleProvider, { id: string; link: string }> = {
  stripe: { id: 'The Payment Link id, plink_…', link: 'https://buy.stripe.com/…' },
  lemonsqueezy: { id: 'The variant id (or product id)', link: 'https://your-store.lemonsqueezy.com/checkout/buy/…' },
  payhip: { id: 'The product key, e.g. RGsF', link: 'https://payhip.com/b/…' },
  shopify: { id: 'The product id', link: 'https://your-shop.myshopify.com/products/…' },
};

type Fields = {
  provider: SaleProvider;
  productId: string;
  checkoutUrl: string;
  price: string;
  currency: (typeof SALE_CURRENCIES)[number];
  isActive: boolean;
};

const EMPTY: Fields = {
  provider: 'stripe',
  productId: '',
  checkoutUrl: '',
  price: '',
  currency: 'usd',
  isActive: true,
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
  const utils = trpc.useUtils();
  const editions = trpc.sales.editions.useQuery();
  const saved = editions.data?.find((entry) => entry.bookId === bookId && entry.format === editionFormat);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const save = trpc.sales.saveEdition.useMutation();
  const remove = trpc.sales.removeEdition.useMutation();

  // Filled from the saved settings when they load or change (a refetch of the same values keeps the edits).
  const savedKey = saved ? JSON.stringify(saved) : '';
  useEffect(() => {
    if (saved)
      setFields({
        provider: saved.provider,
        productId: saved.productId,
        checkoutUrl: saved.checkoutUrl,
        price: (saved.amount / 100).toFixed(2),
        currency: saved.currency as Fields['currency'],
        isActive: saved.isActive,
      });
  }, [savedKey]);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const id = (name: string) => `sell-direct-${editionFormat}-${name}`;

  async function submit() {
    setError(null);
    try {
      await save.mutateAsync({ bookId, format: editionFormat, ...fields });
      await utils.sales.editions.invalidate();
      toast({ title: 'Sell direct saved', description: `${edition}: readers see Buy direct once a file is uploaded.` });
    } catch (failure) {
      setError(serverErrorMessage(failure, 'The Sell direct settings could not be saved.'));
    }
  }

  async function stop() {
    if (!saved) return;
    setError(null);
    try {
      await remove.mutateAsync({ id: saved.id });
      await utils.sales.editions.invalidate();
      setFields(EMPTY);
      toast({ title: 'No longer sold direct', description: edition });
    } catch (failure) {
      setError(serverErrorMessage(failure, 'Please try again.'));
    }
  }

  const hint = PRODUCT_HINTS[fields.provider];
  return (
    <Stack gap={6} mt="sm" role="group" aria-labelledby={id('title')}>
      <Text size="xs" fw={600} c="dimmed" id={id('title')}>
        Sell direct{saved ? (saved.isActive ? ' · on' : ' · paused') : ''}
      </Text>
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
          onChange={(event) => set('currency', event.currentTarget.value as Fields['currency'])}
          style={{ flex: '1 1 90px' }}
        />
        <Checkbox
          label="Offer Buy direct"
          checked={fields.isActive}
          onChange={(event) => set('isActive', event.currentTarget.checked)}
          mb={8}
        />
      </Group>
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
        <Button type="button" size="xs" onClick={() => void submit()} loading={save.isPending}>
          Save Sell direct
        </Button>
        {saved && (
          <Button
            type="button"
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => void stop()}
            loading={remove.isPending}
          >
            Stop selling direct
          </Button>
        )}
      </Group>
    </Stack>
  );
}

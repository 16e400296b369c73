import { useEffect, useState } from 'react';
import type { SellableEditionFormat } from '../../../domain/edition-files.js';
import type { SALE_CURRENCIES, SaleProvider } from '../../../domain/sales.js';
import { trpc } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';

export type SellDirectFields = {
  provider: SaleProvider;
  productId: string;
  checkoutUrl: string;
  price: string;
  currency: (typeof SALE_CURRENCIES)[number];
  isActive: boolean;
};

const EMPTY: SellDirectFields = {
  provider: 'stripe',
  productId: '',
  checkoutUrl: '',
  price: '',
  currency: 'usd',
  isActive: true,
};

/**
 * An edition's Sell direct settings: the saved ones (from `sales.editions`), the fields being edited (filled from
 * the saved ones), and saving or removing them, with the error the last attempt gave.
 */
export function useSellDirect({
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
  const [fields, setFields] = useState<SellDirectFields>(EMPTY);
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
        currency: saved.currency as SellDirectFields['currency'],
        isActive: saved.isActive,
      });
  }, [savedKey]);

  const set = <K extends keyof SellDirectFields>(key: K, value: SellDirectFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

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

  return { saved, fields, set, error, submit, stop, saving: save.isPending, removing: remove.isPending };
}

export type SellDirectEdit = ReturnType<typeof useSellDirect>;

import { useState } from 'react';
import type { SaleProvider } from '../../../domain/sales.js';
import type { SalesSecrets } from '../../../domain/sales.schema.js';
import { trpc, type RouterOutputs } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';

const SAVED_FIELD: Record<SaleProvider, keyof SalesSecrets> = {
  stripe: 'stripeWebhookSecret',
  lemonsqueezy: 'lemonsqueezySigningSecret',
  payhip: 'payhipApiKey',
  shopify: 'shopifyWebhookSecret',
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

/**
 * One provider's secret on Settings → Sales: the one being typed, saving or removing it (toasted), and the
 * test event sent to its webhook with what the site did with it.
 */
export function useProviderSecret(provider: SaleProvider, label: string) {
  const utils = trpc.useUtils();
  const [value, setValue] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const save = trpc.sales.saveSecrets.useMutation();
  const test = trpc.sales.sendTestEvent.useMutation();

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

  return { value, setValue, store, saving: save.isPending, result, sendTest, testing: test.isPending };
}

export type ProviderSecret = ReturnType<typeof useProviderSecret>;

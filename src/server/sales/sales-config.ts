import { z } from 'zod';
import { SALE_PROVIDERS, SALE_SECRET_VARIABLES, SALES_SECRETS_KEY, type SaleProvider } from '../../domain/sales.js';
import { salesSecretsSchema, type SalesSecrets } from '../../domain/sales.schema.js';
import type { AppDatabase } from '../db/connection.js';
import { readSettings } from '../site/settings/site-settings-repository.js';

const secret = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || value.length >= 8, 'must be at least 8 characters');

/** The providers' webhook secrets (README's table); each wins over the one saved in Settings → Sales. */
export const salesEnvShape: Record<(typeof SALE_SECRET_VARIABLES)[SaleProvider], typeof secret> = {
  STRIPE_WEBHOOK_SECRET: secret,
  LEMONSQUEEZY_SIGNING_SECRET: secret,
  PAYHIP_API_KEY: secret,
  SHOPIFY_WEBHOOK_SECRET: secret,
};

type SalesVars = { [K in keyof typeof salesEnvShape]: z.output<(typeof salesEnvShape)[K]> };

/** The secrets set in the environment (null: none, Settings → Sales may give one). */
export type SalesConfig = Record<SaleProvider, string | null>;

export function salesConfigFrom(vars: SalesVars): SalesConfig {
  return Object.fromEntries(
    SALE_PROVIDERS.map((provider) => [provider, vars[SALE_SECRET_VARIABLES[provider]] ?? null]),
  ) as SalesConfig;
}

const SAVED_FIELD: Record<SaleProvider, keyof SalesSecrets> = {
  stripe: 'stripeWebhookSecret',
  lemonsqueezy: 'lemonsqueezySigningSecret',
  payhip: 'payhipApiKey',
  shopify: 'shopifyWebhookSecret',
};

export const readSavedSalesSecrets = (db: AppDatabase): Promise<SalesSecrets> =>
  readSettings(db, SALES_SECRETS_KEY, salesSecretsSchema);

/** The provider's secret: the environment's, else the saved one, else null (its events are refused). */
export async function providerSecret(db: AppDatabase, config: SalesConfig, provider: SaleProvider) {
  const fromEnv = config[provider];
  if (fromEnv) return { secret: fromEnv, source: 'environment' as const };
  const saved = (await readSavedSalesSecrets(db))[SAVED_FIELD[provider]];
  return saved ? { secret: saved, source: 'settings' as const } : null;
}

import type { SaleProvider } from '../../../domain/sales.js';

export const PROVIDER_LABELS: Record<SaleProvider, string> = {
  stripe: 'Stripe',
  lemonsqueezy: 'Lemon Squeezy',
  payhip: 'Payhip',
  shopify: 'Shopify',
};

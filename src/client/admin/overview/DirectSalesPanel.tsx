import { Alert, SimpleGrid, Text } from '@mantine/core';
import type { SiteStats } from '../../../domain/analytics.js';
import { EDITION_FORMAT_LABELS, type EditionFormat } from '../../../domain/editions.js';
import { formatSaleAmount, type SaleProvider } from '../../../domain/sales.js';
import { trpc } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { PROVIDER_LABELS } from '../sales/sales-labels.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { FiguresTable } from './FiguresTable.js';
import { directBesideShops } from './overview-figures.js';

const number = new Intl.NumberFormat('en-US');
const n = (value: number) => number.format(value);

/**
 * Sales direct over the Overview's period: per book, format and provider, revenue by currency, refunds and
 * held orders, and each book's direct orders beside its shop clicks (the retailers' side).
 */
export function DirectSalesPanel({ stats, range }: { stats: SiteStats; range: { from: string; to: string } }) {
  const figures = trpc.sales.figures.useQuery(range, { placeholderData: (previous) => previous });
  const data = figures.data;
  const revenue = data?.revenue.map((row) => formatSaleAmount(row.amount, row.currency)).join(' + ') || 'none';
  return (
    <AdminPanel
      id="overview-direct-sales"
      title="Sold direct"
      description={
        data
          ? `Revenue ${revenue}; ${n(data.refunds)} refunded, ${n(data.held)} held for you to check.`
          : 'Orders of the editions you sell direct.'
      }
    >
      {figures.error && (
        <Alert color="red" role="alert">
          {serverErrorMessage(figures.error, 'The sales figures could not be loaded.')}
        </Alert>
      )}
      {data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <FiguresTable
            label="Direct sales per book, format and provider"
            columns={['Book', 'Format', 'Provider', 'Orders']}
            rows={data.sales.map((row) => ({
              key: `${row.bookId} ${row.format} ${row.provider}`,
              cells: [
                row.bookTitle ?? 'Unknown book',
                row.format ? (EDITION_FORMAT_LABELS[row.format as EditionFormat] ?? row.format) : '—',
                PROVIDER_LABELS[row.provider as SaleProvider] ?? row.provider,
                n(row.orders),
              ],
            }))}
            empty="No direct sale in this period."
          />
          <FiguresTable
            label="Revenue by currency"
            columns={['Currency', 'Orders', 'Revenue']}
            rows={data.revenue.map((row) => ({
              key: row.currency,
              cells: [row.currency.toUpperCase(), n(row.orders), formatSaleAmount(row.amount, row.currency)],
            }))}
            empty="No revenue in this period."
          />
        </SimpleGrid>
      )}
      {data && (
        <>
          <FiguresTable
            label="Direct and shop clicks per book"
            columns={['Book', 'Buy direct clicks', 'Direct orders', 'Shop clicks']}
            rows={directBesideShops(data.sales, stats.shopClicks).map((row) => ({
              key: row.key,
              cells: [row.title, n(row.directClicks), n(row.direct), n(row.shopClicks)],
            }))}
            empty="No direct orders or shop clicks in this period."
          />
          <Text size="xs" c="dimmed">
            Buy direct clicks count readers sent to your checkout, direct orders the payments that came back; shop
            clicks count readers sent to the retailers from the Buy menu.
          </Text>
        </>
      )}
    </AdminPanel>
  );
}

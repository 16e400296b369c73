import { Anchor, Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { EDITION_FORMAT_LABELS, type EditionFormat } from '../../../domain/editions.js';
import { formatSaleAmount, ORDER_STATE_LABELS, ORDER_STATES, type OrderState } from '../../../domain/sales.js';
import { trpc, type RouterOutputs } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import classes from '../admin.module.css';
import { ADMIN_LIST_PAGE, SubmissionsSection } from '../submissions/SubmissionsSection.js';
import { formatAdminDate } from '../ui/format-date.js';
import { PROVIDER_LABELS } from './sales-labels.js';

type ListedOrder = RouterOutputs['sales']['orders']['items'][number];

const STATE_COLORS: Record<OrderState, string> = {
  pending: 'gray',
  paid: 'teal',
  delivered: 'teal',
  refunded: 'red',
  held: 'yellow',
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.breakAnywhere}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** "Delivered, downloaded 2 times"; a held order says why. */
function stateText(order: ListedOrder): string {
  const label = ORDER_STATE_LABELS[order.state];
  if (order.state === 'held') return `${label}: ${order.heldReason ?? 'the payment did not match the edition'}`;
  if (order.state === 'paid' || order.state === 'delivered')
    return `${label}, downloaded ${order.downloads} ${order.downloads === 1 ? 'time' : 'times'}`;
  return label;
}

function OrderActions({ order, onDone }: { order: ListedOrder; onDone: () => void }) {
  const resend = trpc.sales.resend.useMutation();
  const revoke = trpc.sales.revoke.useMutation();
  const release = trpc.sales.release.useMutation();
  const [confirming, setConfirming] = useState(false);
  const run = async (action: Promise<unknown>, title: string) => {
    try {
      await action;
      toast({ title, description: `Order ${order.reference}` });
      onDone();
    } catch (error) {
      toast({
        title: 'That did not work',
        description: serverErrorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  const who = `order ${order.reference}`;
  return (
    <Group gap="xs" wrap="wrap">
      {(order.state === 'paid' || order.state === 'delivered') && (
        <Button
          size="xs"
          variant="default"
          loading={resend.isPending}
          aria-label={`Resend the email of ${who}`}
          onClick={() => void run(resend.mutateAsync({ id: order.id }), 'Email queued again')}
        >
          Resend
        </Button>
      )}
      {order.state === 'held' && (
        <Button
          size="xs"
          variant="default"
          loading={release.isPending}
          aria-label={`Release and deliver ${who}`}
          onClick={() => void run(release.mutateAsync({ id: order.id }), 'Order released: the copy is on its way')}
        >
          Release
        </Button>
      )}
      {order.state !== 'refunded' &&
        (confirming ? (
          <>
            <Button
              size="xs"
              color="red"
              loading={revoke.isPending}
              aria-label={`Yes, revoke ${who}`}
              onClick={() =>
                void run(revoke.mutateAsync({ id: order.id }), 'Links revoked').then(() => setConfirming(false))
              }
            >
              Yes, revoke the links
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Revoke ${who}`}
            onClick={() => setConfirming(true)}
          >
            Revoke
          </Button>
        ))}
    </Group>
  );
}

function OrderCard({ order, onDone }: { order: ListedOrder; onDone: () => void }) {
  const amount =
    order.amount === null || !order.currency ? 'Unknown amount' : formatSaleAmount(order.amount, order.currency);
  const format = order.format ? (EDITION_FORMAT_LABELS[order.format as EditionFormat] ?? order.format) : null;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={`Order ${order.reference}`}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="wrap">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <Text fw={600} className={classes.breakAnywhere}>
            {order.bookTitle ?? 'No edition sold direct'}
          </Text>
          {format && (
            <Badge variant="light" radius="sm">
              {format}
            </Badge>
          )}
          <Badge variant="light" radius="sm" color={STATE_COLORS[order.state]}>
            {ORDER_STATE_LABELS[order.state]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" component="time" dateTime={order.createdAt}>
          {formatAdminDate(order.createdAt)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs" component="dl" m={0} mb="sm">
        <Detail label="Buyer">
          {order.buyerName && <span>{order.buyerName} · </span>}
          <Anchor href={`mailto:${order.buyerEmail}`} size="sm" inherit>
            {order.buyerEmail || 'no email'}
          </Anchor>
        </Detail>
        <Detail label="Amount">{amount}</Detail>
        <Detail label="Provider">
          {PROVIDER_LABELS[order.provider]} · {order.providerOrderId}
        </Detail>
        <Detail label="Order">{order.reference}</Detail>
      </SimpleGrid>
      <Text size="sm" mb="sm" c={order.state === 'held' ? 'yellow.3' : undefined}>
        {stateText(order)}
      </Text>
      <OrderActions order={order} onDone={onDone} />
    </Paper>
  );
}

const STATE_OPTIONS = [
  { value: '', label: 'Every state' },
  ...ORDER_STATES.map((state) => ({ value: state, label: ORDER_STATE_LABELS[state] })),
];

/** Orders of editions sold direct: newest first, a page at a time, with resend, revoke and release. */
export function OrdersTab() {
  const [state, setState] = useState<OrderState | ''>('');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = trpc.sales.orders.useInfiniteQuery(
    { limit: ADMIN_LIST_PAGE, search: debounced, state: state || null },
    { getNextPageParam: (page) => page.nextCursor, placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const refresh = () => void Promise.all([utils.sales.orders.invalidate(), utils.sales.figures.invalidate()]);
  return (
    <SubmissionsSection
      title="Orders"
      query={query}
      csv="orders"
      emptyHint="When a reader buys an edition you sell direct, the order appears here."
      filters={
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Search orders"
            description="Part of the buyer’s email, or the order reference"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <NativeSelect
            label="State"
            data={STATE_OPTIONS}
            value={state}
            onChange={(event) => setState(event.currentTarget.value as OrderState | '')}
            style={{ flex: '0 1 200px' }}
          />
        </Group>
      }
    >
      {(orders) =>
        orders.length === 0 ? (
          <Text c="dimmed" size="sm">
            No order matches.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Orders">
            {orders.map((order) => (
              <OrderCard key={order.id} order={order} onDone={refresh} />
            ))}
          </Stack>
        )
      }
    </SubmissionsSection>
  );
}

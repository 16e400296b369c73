import { randomBytes } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import { DOWNLOADABLE_STATES, formatSaleAmount, type OrderState, type SaleProvider } from '../../domain/sales.js';
import type { AppDatabase } from '../db/connection.js';
import { databaseEngine } from '../db/database-engine.js';
import { newId, timestampNow, toBoolean, toStoredBoolean } from '../db/row-conversion.js';
import type { Page } from '../../domain/admin-lists.schema.js';
import { toPage, type PageKey } from '../db/keyset-page.js';
import type { PaidEvent, SaleEvent } from './provider-events/sale-event.js';
import { findSaleEdition, findSaleEditionByProduct, type SaleEdition } from './sale-editions-repository.js';

/** The queue's mailing of every purchase email (one row per order, re-queued by a resend). */
export const PURCHASE_MAILING_ID = 'purchase';

export type Order = {
  id: string;
  reference: string;
  provider: SaleProvider;
  providerOrderId: string;
  checkoutSessionId: string | null;
  saleEditionId: string | null;
  bookId: string | null;
  format: string | null;
  productRef: string | null;
  buyerEmail: string;
  buyerName: string;
  amount: number | null;
  currency: string | null;
  state: OrderState;
  heldReason: string | null;
  marketingConsent: boolean;
  downloads: number;
  fingerprint: string;
  copyFileId: string | null;
  paidAt: string | null;
  deliveredAt: string | null;
  refundedAt: string | null;
  /** Set when the buyer was erased: the links are refused, the amounts kept. */
  erasedAt: string | null;
  createdAt: string;
};

const ORDER_COLUMNS = [
  'id',
  'reference',
  'provider',
  'providerOrderId',
  'checkoutSessionId',
  'saleEditionId',
  'bookId',
  'format',
  'productRef',
  'buyerEmail',
  'buyerName',
  'amount',
  'currency',
  'state',
  'heldReason',
  'marketingConsent',
  'downloads',
  'fingerprint',
  'copyFileId',
  'paidAt',
  'deliveredAt',
  'refundedAt',
  'erasedAt',
  'createdAt',
] as const;

type OrderRow = Omit<Order, 'provider' | 'state' | 'marketingConsent'> & {
  provider: string;
  state: string;
  marketingConsent: number;
};

const toOrder = (row: OrderRow): Order => ({
  ...row,
  provider: row.provider as SaleProvider,
  state: row.state as OrderState,
  marketingConsent: toBoolean(row.marketingConsent),
  amount: row.amount === null ? null : Number(row.amount),
  downloads: Number(row.downloads),
});

/** Letters and digits that cannot be misread for one another. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newReference = () =>
  Array.from(randomBytes(8), (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join('');

export type ApplyResult = {
  /** `replay`: this event id was seen before (nothing changed). */
  result: 'replay' | 'ignored' | 'pending' | 'paid' | 'held' | 'refunded' | 'unchanged';
  orderId: string | null;
  /** True when this event queued the purchase email (exactly one event per order ever does). */
  queuedEmail: boolean;
  heldReason?: string;
};

/**
 * Why a verified payment cannot be delivered as it is: the product, amount or currency is not the
 * configured edition's. Null: it matches.
 */
async function checkPayment(
  db: AppDatabase,
  provider: SaleProvider,
  event: PaidEvent,
): Promise<{ edition: SaleEdition | undefined; reason: string | null }> {
  const byReference = event.clientReference ? await findSaleEdition(db, event.clientReference) : undefined;
  const edition =
    byReference && byReference.provider === provider
      ? byReference
      : await findSaleEditionByProduct(db, provider, event.productRefs);
  if (!edition)
    return {
      edition,
      reason: `Product ${event.productRefs.join(', ') || '(none named)'} is not an edition sold direct through ${provider}`,
    };
  const paid = event.amount === null ? 'an unknown amount' : formatSaleAmount(event.amount, event.currency ?? '???');
  const expected = formatSaleAmount(edition.amount, edition.currency);
  if (event.currency !== edition.currency)
    return {
      edition,
      reason: `Paid in ${event.currency?.toUpperCase() ?? 'an unknown currency'}, but the edition is sold in ${edition.currency.toUpperCase()} (${expected})`,
    };
  if (event.amount !== edition.amount) return { edition, reason: `Paid ${paid}, but the edition costs ${expected}` };
  if (!event.email) return { edition, reason: 'The provider gave no buyer email' };
  return { edition, reason: null };
}

/** The order of (provider, key), created (pending) when missing, locked until the transaction ends on PostgreSQL. */
async function lockedOrder(trx: AppDatabase, provider: SaleProvider, key: string, now: string): Promise<Order> {
  await trx
    .insertInto('saleOrders')
    .values({
      id: newId(),
      reference: newReference(),
      provider,
      providerOrderId: key,
      state: 'pending',
      fingerprint: randomBytes(16).toString('hex'),
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'providerOrderId']).doNothing())
    .execute();
  let query = trx
    .selectFrom('saleOrders')
    .select(ORDER_COLUMNS)
    .where('provider', '=', provider)
    .where('providerOrderId', '=', key);
  if (databaseEngine(trx) === 'postgres') query = query.forUpdate();
  return toOrder(await query.executeTakeFirstOrThrow());
}

/** Queues (or re-queues) the order's purchase email; the send queue builds it when it leaves. */
export async function queuePurchaseEmail(
  db: AppDatabase,
  order: { id: string; buyerEmail: string },
  siteOrigin: string,
) {
  const now = timestampNow();
  const row = {
    kind: 'purchase',
    email: order.buyerEmail,
    siteOrigin,
    status: 'pending',
    attempts: 0,
    lastError: null,
    nextAttemptAt: now,
    claimedAt: null,
    sentAt: null,
    createdAt: now,
  };
  await db
    .insertInto('mailQueue')
    .values({ mailingId: PURCHASE_MAILING_ID, recipientId: order.id, ...row })
    .onConflict((conflict) => conflict.columns(['mailingId', 'recipientId']).doUpdateSet(row))
    .execute();
}

/**
 * Applies one verified provider event, exactly once: the event id is inserted first (its primary
 * key refuses a replay, on any instance), then the order is created or locked and moved on, and the
 * purchase email queued, all in one transaction. Events may come in any order: a refund before its
 * payment leaves a refunded order that the payment fills in without delivering; a second payment
 * event changes nothing.
 */
export async function applySaleEvent(
  db: AppDatabase,
  provider: SaleProvider,
  event: SaleEvent,
  siteOrigin: string,
): Promise<ApplyResult> {
  return db.transaction().execute(async (trx) => {
    const now = timestampNow();
    const fresh = await trx
      .insertInto('saleEvents')
      .values({ provider, eventId: event.eventId, kind: event.kind, orderId: null, receivedAt: now })
      .onConflict((conflict) => conflict.columns(['provider', 'eventId']).doNothing())
      .returning('eventId')
      .executeTakeFirst();
    if (!fresh) return { result: 'replay' as const, orderId: null, queuedEmail: false };
    if (event.kind === 'ignored') return { result: 'ignored' as const, orderId: null, queuedEmail: false };
    const order = await lockedOrder(trx, provider, event.orderKey, now);
    await trx
      .updateTable('saleEvents')
      .set({ orderId: order.id })
      .where('provider', '=', provider)
      .where('eventId', '=', event.eventId)
      .execute();
    if (event.kind === 'refunded') {
      if (order.state === 'refunded') return { result: 'unchanged' as const, orderId: order.id, queuedEmail: false };
      await trx
        .updateTable('saleOrders')
        .set({ state: 'refunded', refundedAt: now, updatedAt: now })
        .where('id', '=', order.id)
        .execute();
      return { result: 'refunded' as const, orderId: order.id, queuedEmail: false };
    }
    const { edition, reason } = await checkPayment(trx, provider, event);
    const details = {
      ...(event.sessionId ? { checkoutSessionId: event.sessionId } : {}),
      saleEditionId: edition?.id ?? null,
      bookId: edition?.bookId ?? null,
      format: edition?.format ?? null,
      productRef: event.productRefs[0] ?? event.clientReference,
      buyerEmail: event.email,
      buyerName: event.name,
      amount: event.amount,
      currency: event.currency,
      marketingConsent: toStoredBoolean(event.marketingConsent),
      updatedAt: now,
    };
    // An erased buyer's order takes no personal details back, and delivers nothing, whatever arrives later.
    if (order.erasedAt) return { result: 'unchanged' as const, orderId: order.id, queuedEmail: false };
    if (order.state !== 'pending') {
      // Paid twice, or refunded before this payment arrived: the details are kept, nothing is delivered.
      if (order.state === 'refunded' && !order.buyerEmail)
        await trx.updateTable('saleOrders').set(details).where('id', '=', order.id).execute();
      return { result: 'unchanged' as const, orderId: order.id, queuedEmail: false };
    }
    const state: OrderState = !event.cleared ? 'pending' : reason ? 'held' : 'paid';
    await trx
      .updateTable('saleOrders')
      .set({
        ...details,
        state,
        heldReason: state === 'held' ? reason : null,
        paidAt: state === 'pending' ? null : now,
      })
      .where('id', '=', order.id)
      .execute();
    if (state === 'paid') await queuePurchaseEmail(trx, { id: order.id, buyerEmail: event.email }, siteOrigin);
    return {
      result: state,
      orderId: order.id,
      queuedEmail: state === 'paid',
      ...(state === 'held' && reason ? { heldReason: reason } : {}),
    };
  });
}

export async function findOrder(db: AppDatabase, id: string): Promise<Order | undefined> {
  const row = await db.selectFrom('saleOrders').select(ORDER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toOrder(row);
}

export async function findOrderBySession(db: AppDatabase, sessionId: string): Promise<Order | undefined> {
  const row = await db
    .selectFrom('saleOrders')
    .select(ORDER_COLUMNS)
    .where('checkoutSessionId', '=', sessionId)
    .executeTakeFirst();
  return row && toOrder(row);
}

/** Every order of one buyer, newest first (the library). */
export async function listOrdersOfBuyer(db: AppDatabase, email: string): Promise<Order[]> {
  const rows = await db
    .selectFrom('saleOrders')
    .select(ORDER_COLUMNS)
    .where('buyerEmail', '=', email.trim().toLowerCase())
    .where('state', 'in', ['paid', 'delivered', 'refunded'])
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map(toOrder);
}

export const isDownloadable = (order: Pick<Order, 'state' | 'erasedAt'>) =>
  DOWNLOADABLE_STATES.includes(order.state) && order.erasedAt === null;

/** The queue sent the purchase email: a paid order becomes delivered. */
export async function markOrdersDelivered(db: AppDatabase, orderIds: string[], at: string): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('saleOrders')
    .set({ state: 'delivered', deliveredAt: at, updatedAt: at })
    .where('id', 'in', orderIds)
    .where('state', '=', 'paid')
    .execute();
}

/** Counts a download that starts at the first byte; false once the order may no longer be downloaded. */
export async function countOrderDownload(db: AppDatabase, orderId: string): Promise<boolean> {
  const result = await db
    .updateTable('saleOrders')
    .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
    .where('id', '=', orderId)
    .where('state', 'in', [...DOWNLOADABLE_STATES])
    .where('erasedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Records the personal copy made for the order; the first one stored wins (returns the copy to use). */
export async function setOrderCopy(db: AppDatabase, orderId: string, fileId: string): Promise<string> {
  await db
    .updateTable('saleOrders')
    .set({ copyFileId: fileId })
    .where('id', '=', orderId)
    .where('copyFileId', 'is', null)
    .execute();
  const row = await db
    .selectFrom('saleOrders')
    .select('copyFileId')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.copyFileId!;
}

/** The right to re-send an order's email: once per `gapMs`, however often it is asked for. */
export async function claimOrderResend(db: AppDatabase, orderId: string, now: Date, gapMs: number): Promise<boolean> {
  const lastAllowed = new Date(now.getTime() - gapMs).toISOString();
  const result = await db
    .updateTable('saleOrders')
    .set({ resentAt: now.toISOString() })
    .where('id', '=', orderId)
    .where((eb) => eb.or([eb('resentAt', 'is', null), eb('resentAt', '<=', lastAllowed)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The author revokes an order's links (a chargeback, a leak) or releases a held one. */
export async function setOrderState(
  db: AppDatabase,
  orderId: string,
  state: 'refunded' | 'paid',
  from: OrderState[],
): Promise<boolean> {
  const now = timestampNow();
  const result = await db
    .updateTable('saleOrders')
    .set(
      state === 'refunded'
        ? { state, refundedAt: now, updatedAt: now }
        : { state, paidAt: now, heldReason: null, updatedAt: now },
    )
    .where('id', '=', orderId)
    .where('state', 'in', from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export type ListedOrder = Order & { bookTitle: string | null };

/**
 * The author's Orders list: newest first, a page at a time after `after` (keyset on (created_at, id), read from
 * its index whatever the page); `search` matches part of the buyer's email or the whole reference.
 */
export async function listOrders(
  db: AppDatabase,
  options: { state?: OrderState | null | undefined; search: string; limit: number },
  after: PageKey | null,
): Promise<Page<ListedOrder>> {
  let query = db.selectFrom('saleOrders as o').leftJoin('books as b', 'b.id', 'o.bookId');
  if (options.state) query = query.where('o.state', '=', options.state);
  const search = options.search.trim().toLowerCase();
  if (search)
    query = query.where((eb) =>
      eb.or([
        eb('o.buyerEmail', 'like', `%${search.replace(/[\\%_]/g, '')}%`),
        eb('o.reference', '=', search.toUpperCase()),
      ]),
    );
  // (created_at, id) < the key, qualified: books has an id too.
  if (after) query = query.where(sql<SqlBool>`(o.created_at, o.id) < (${after.createdAt}, ${after.id})`);
  const rows = await query
    .select(ORDER_COLUMNS.map((column) => `o.${column}` as const))
    .select('b.title as bookTitle')
    .orderBy('o.createdAt', 'desc')
    .orderBy('o.id', 'desc')
    .limit(options.limit + 1)
    .execute();
  return toPage(rows, options.limit, ({ bookTitle, ...row }) => ({ ...toOrder(row), bookTitle: bookTitle ?? null }));
}

export type SalesFigures = {
  /** Paid or delivered orders by book, format and provider. */
  sales: { bookId: string | null; bookTitle: string | null; format: string | null; provider: string; orders: number }[];
  /** Revenue of paid and delivered orders, by currency (minor units). */
  revenue: { currency: string; amount: number; orders: number }[];
  refunds: number;
  held: number;
};

/**
 * The Overview's sales figures: orders placed in the range of UTC days `from`..`to` (both included), or
 * every order when no range is given.
 */
export async function salesFigures(db: AppDatabase, range?: { from: string; to: string }): Promise<SalesFigures> {
  let placed = db.selectFrom('saleOrders as o');
  if (range)
    placed = placed
      .where('o.createdAt', '>=', `${range.from}T00:00:00.000Z`)
      .where('o.createdAt', '<=', `${range.to}T23:59:59.999Z`);
  const sold = placed.where('o.state', 'in', [...DOWNLOADABLE_STATES]);
  const [sales, revenue, states] = await Promise.all([
    sold
      .leftJoin('books as b', 'b.id', 'o.bookId')
      .select([
        'o.bookId',
        'b.title as bookTitle',
        'o.format',
        'o.provider',
        (eb) => eb.fn.countAll<number>().as('orders'),
      ])
      .groupBy(['o.bookId', 'b.title', 'o.format', 'o.provider'])
      .orderBy('orders', 'desc')
      .execute(),
    sold
      .select([
        'o.currency',
        (eb) => eb.fn.sum<number>('o.amount').as('amount'),
        (eb) => eb.fn.countAll<number>().as('orders'),
      ])
      .where('o.currency', 'is not', null)
      .groupBy('o.currency')
      .orderBy('o.currency')
      .execute(),
    placed
      .select(['o.state', (eb) => eb.fn.countAll<number>().as('count')])
      .where('o.state', 'in', ['refunded', 'held'])
      .groupBy('o.state')
      .execute(),
  ]);
  const countOf = (state: string) => Number(states.find((row) => row.state === state)?.count ?? 0);
  return {
    sales: sales.map((row) => ({ ...row, orders: Number(row.orders) })),
    revenue: revenue.map((row) => ({
      currency: row.currency!,
      amount: Number(row.amount),
      orders: Number(row.orders),
    })),
    refunds: countOf('refunded'),
    held: countOf('held'),
  };
}

/** The last events a provider sent (Settings → Sales: "what arrived"). */
export async function recentSaleEvents(db: AppDatabase, provider: SaleProvider, limit = 5) {
  return db
    .selectFrom('saleEvents')
    .select(['eventId', 'kind', 'orderId', 'receivedAt'])
    .where('provider', '=', provider)
    .orderBy('receivedAt', 'desc')
    .limit(limit)
    .execute();
}

/** Records a test event's id (Settings → Sales lists it as `test`); false for a replay. Makes no order. */
export async function recordTestEvent(db: AppDatabase, provider: SaleProvider, eventId: string): Promise<boolean> {
  const row = await db
    .insertInto('saleEvents')
    .values({ provider, eventId, kind: 'test', orderId: null, receivedAt: timestampNow() })
    .onConflict((conflict) => conflict.columns(['provider', 'eventId']).doNothing())
    .returning('eventId')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The order a copy's fingerprint belongs to (Settings → Sales → Find a copy's buyer): the order carries its
 * copy's fingerprint; a copy kept under another order's reference is found through personal_copies.
 */
export async function findOrderByFingerprint(db: AppDatabase, fingerprint: string): Promise<ListedOrder | undefined> {
  const copy = await db
    .selectFrom('personalCopies')
    .select('orderRef')
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
  const row = await db
    .selectFrom('saleOrders as o')
    .leftJoin('books as b', 'b.id', 'o.bookId')
    .select(ORDER_COLUMNS.map((column) => `o.${column}` as const))
    .select('b.title as bookTitle')
    .where((eb) =>
      copy
        ? eb.or([eb('o.fingerprint', '=', fingerprint), eb('o.reference', '=', copy.orderRef)])
        : eb('o.fingerprint', '=', fingerprint),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  const { bookTitle, ...order } = row;
  return { ...toOrder(order), bookTitle: bookTitle ?? null };
}

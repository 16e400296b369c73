import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { byIdInput, emailSchema } from '../../domain/fields.schema.js';
import { SALE_PROVIDERS, SALES_SECRETS_KEY, type SaleProvider } from '../../domain/sales.js';
import { pageKeyOf } from '../trpc/page-cursor.js';
import { statsRangeInput } from '../../domain/analytics.js';
import {
  listOrdersInputSchema,
  saleEditionInputSchema,
  saleProviderInputSchema,
  salesSecretsSchema,
} from '../../domain/sales.schema.js';
import { isUniqueViolation } from '../db/row-conversion.js';
import { findBook } from '../content/books/books-repository.js';
import { updateSettings } from '../site/settings/site-settings-repository.js';
import { adminProcedure, contentWriteProcedure, found, router } from '../trpc/trpc.js';
import {
  findOrder,
  listOrders,
  queuePurchaseEmail,
  recentSaleEvents,
  salesFigures,
  setOrderState,
} from './orders-repository.js';
import { deleteSaleEdition, listSaleEditions, saveSaleEdition } from './sale-editions-repository.js';
import { receiveSaleEvent } from './sale-event-routes.js';
import { providerSecret, readSavedSalesSecrets } from './sales-config.js';
import { eraseBuyer } from './buyer-erasure.js';
import { salesFileStoreOf } from './copies/sales-files.js';
import { signedTestEvent } from './test-events.js';

/**
 * Admin: each edition's "Sell direct" settings (writes clear the public cache: the book pages show
 * Buy direct), Settings → Sales (the providers' secrets, never read back; what each provider sent
 * last), Orders (paged, resend, revoke, release a held one, CSV export) and the Overview's figures.
 */
export const salesRouter = router({
  editions: adminProcedure.query(({ ctx }) => listSaleEditions(ctx.db)),
  saveEdition: contentWriteProcedure.input(saleEditionInputSchema).mutation(async ({ ctx, input }) => {
    found(await findBook(ctx.db, input.bookId), 'Book');
    try {
      const id = await saveSaleEdition(ctx.db, input);
      return found(
        (await listSaleEditions(ctx.db, input.bookId)).find((edition) => edition.id === id),
        'Sale edition',
      );
    } catch (error) {
      if (isUniqueViolation(error))
        throw new TRPCError({ code: 'CONFLICT', message: 'Another edition is already sold with this product id' });
      throw error;
    }
  }),
  removeEdition: contentWriteProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    found(
      (await listSaleEditions(ctx.db)).find((entry) => entry.id === input.id),
      'Sale edition',
    );
    // The edition's files stay (they are the book's: editionFiles.remove), and orders keep their copies.
    await deleteSaleEdition(ctx.db, input.id);
  }),

  /** Which secrets are set and where (the environment wins); the values are never sent back. */
  secrets: adminProcedure.query(async ({ ctx }) => {
    const entries = await Promise.all(
      SALE_PROVIDERS.map(async (provider) => {
        const secret = await providerSecret(ctx.db, ctx.salesConfig, provider);
        return [provider, secret ? secret.source : null] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<SaleProvider, 'environment' | 'settings' | null>;
  }),
  /** Saves the secrets given (blank clears one); a variable in the environment still wins. */
  saveSecrets: adminProcedure.input(salesSecretsSchema.partial()).mutation(async ({ ctx, input }) => {
    const current = await readSavedSalesSecrets(ctx.db);
    await updateSettings(ctx.db, SALES_SECRETS_KEY, salesSecretsSchema, { ...current, ...input });
  }),
  /** "Send a test event" check: what the provider's last events were, as verified and recorded. */
  recentEvents: adminProcedure.input(saleProviderInputSchema).query(async ({ ctx, input }) => ({
    configured: (await providerSecret(ctx.db, ctx.salesConfig, input.provider)) !== null,
    endpoint: `/api/sales/events/${input.provider}`,
    events: await recentSaleEvents(ctx.db, input.provider),
  })),

  /**
   * "Send a test event": a payment for the test product, signed here with the provider's secret (the
   * environment's or the saved one) by the provider's own scheme and run through the webhook path; the answer
   * says what the site did. The path records it as a test: no order, no mail.
   */
  sendTestEvent: adminProcedure.input(saleProviderInputSchema).mutation(async ({ ctx, input }) => {
    const secret = await providerSecret(ctx.db, ctx.salesConfig, input.provider);
    if (!secret)
      throw new TRPCError({
        code: 'PRECONDITION_FAILED',
        message: `No ${input.provider} secret is set: save it here or set it in the environment first`,
      });
    const signed = signedTestEvent(input.provider, secret.secret);
    const answer = await receiveSaleEvent(
      { db: ctx.db, config: ctx.salesConfig, siteOrigin: () => ctx.siteOrigin },
      input.provider,
      signed,
      ctx.siteOrigin,
    );
    return {
      provider: input.provider,
      endpoint: `/api/sales/events/${input.provider}`,
      secretFrom: secret.source,
      eventId: signed.eventId,
      status: answer.status,
      answer: answer.body,
    };
  }),

  /** The Orders list, a page at a time (newest first); `nextCursor` asks for the next page. */
  orders: adminProcedure
    .input(listOrdersInputSchema)
    .query(({ ctx, input }) => listOrders(ctx.db, input, pageKeyOf(input.cursor))),
  /** Sends the buyer's email again (a fresh link). */
  resend: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    const order = found(await findOrder(ctx.db, input.id), 'Order');
    if (order.erasedAt)
      throw new TRPCError({ code: 'CONFLICT', message: 'This buyer was erased: the order has no address to send to' });
    if (order.state !== 'paid' && order.state !== 'delivered')
      throw new TRPCError({ code: 'CONFLICT', message: `A ${order.state} order has nothing to send` });
    await queuePurchaseEmail(ctx.db, order, ctx.siteOrigin);
    ctx.mailing.queueSignal.notify();
  }),
  /** Revokes the order's links (a chargeback, a leaked copy): the library shows it refunded. */
  revoke: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    found(await findOrder(ctx.db, input.id), 'Order');
    if (!(await setOrderState(ctx.db, input.id, 'refunded', ['pending', 'paid', 'delivered', 'held'])))
      throw new TRPCError({ code: 'CONFLICT', message: 'This order is already refunded' });
  }),
  /** Delivers a held order after all (the author checked the payment at the provider). */
  release: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    const order = found(await findOrder(ctx.db, input.id), 'Order');
    if (!order.saleEditionId || !order.buyerEmail)
      throw new TRPCError({ code: 'CONFLICT', message: 'This order names no edition sold direct or no buyer email' });
    if (!(await setOrderState(ctx.db, input.id, 'paid', ['held'])))
      throw new TRPCError({ code: 'CONFLICT', message: 'Only a held order can be released' });
    await queuePurchaseEmail(ctx.db, order, ctx.siteOrigin);
    ctx.mailing.queueSignal.notify();
  }),

  /**
   * Erases a buyer on their request (one who never subscribed; erasing a subscriber does this too):
   * their orders keep the amounts and lose the name and email, the personal copies go, the links stop.
   */
  eraseBuyer: adminProcedure
    .input(z.object({ email: emailSchema }))
    .mutation(({ ctx, input }) => eraseBuyer(ctx.db, salesFileStoreOf(ctx), input.email)),

  /** The Overview's sales figures for the same days as its other figures (`from`/`to`, the last 30 by default). */
  figures: adminProcedure.input(statsRangeInput).query(({ ctx, input }) => salesFigures(ctx.db, input)),
});

import { TRPCError } from '@trpc/server';
import {
  addSuppressionInputSchema,
  listSuppressionsInputSchema,
  removeSuppressionInputSchema,
} from '../../domain/suppressions.schema.js';
import { listSuppressions, removeSuppression, suppressAddress, suppressionKey } from './suppression-list.js';
import { adminProcedure, router } from '../trpc/trpc.js';

/** The suppression list (Mail → Suppression list, and /api/admin/suppressions for scripts). */
export const suppressionsRouter = router({
  list: adminProcedure.input(listSuppressionsInputSchema).query(({ ctx, input }) => listSuppressions(ctx.db, input)),
  /** CONFLICT when the address is listed already (its first reason stands). */
  add: adminProcedure.input(addSuppressionInputSchema).mutation(async ({ ctx, input }) => {
    const added = await suppressAddress(ctx.db, { email: input.email, reason: input.reason, note: input.note });
    if (!added)
      throw new TRPCError({ code: 'CONFLICT', message: `${suppressionKey(input.email)} is already on the list` });
    return { email: suppressionKey(input.email), reason: input.reason };
  }),
  remove: adminProcedure.input(removeSuppressionInputSchema).mutation(async ({ ctx, input }) => {
    if (!(await removeSuppression(ctx.db, input.email, input.reason)))
      throw new TRPCError({ code: 'NOT_FOUND', message: `${suppressionKey(input.email)} is not on the list` });
    return { email: suppressionKey(input.email) };
  }),
});

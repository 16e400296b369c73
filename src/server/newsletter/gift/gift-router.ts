import path from 'node:path';
import { z } from 'zod';
import { byIdInput, idSchema } from '../../../domain/fields.schema.js';
import { giftInputSchema } from '../../../domain/newsletter-gift.js';
import { createGiftFileStore } from './gift-file-store.js';
import {
  activateGift,
  createGift,
  deleteGiftFile,
  findGift,
  findGiftFile,
  listGifts,
  updateGift,
} from './gifts-repository.js';
import { adminProcedure, contentWriteProcedure, found, router } from '../../trpc/trpc.js';

/**
 * Admin → Mail → Gift: the subscribers' gift (files are uploaded to POST /api/admin/gifts/:id/files).
 * Writes clear the public cache: the site shows the active gift.
 */
export const giftRouter = router({
  list: adminProcedure.query(({ ctx }) => listGifts(ctx.db)),
  save: contentWriteProcedure
    .input(giftInputSchema.extend({ id: idSchema.optional() }))
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      if (id === undefined) return found(await findGift(ctx.db, await createGift(ctx.db, fields)), 'Gift');
      found((await updateGift(ctx.db, id, fields)) ? true : undefined, 'Gift');
      return found(await findGift(ctx.db, id), 'Gift');
    }),
  /** Makes this gift the active one (the others are kept); `id: null` offers no gift. */
  activate: contentWriteProcedure.input(z.object({ id: idSchema.nullable() })).mutation(async ({ ctx, input }) => {
    if (input.id !== null) found(await findGift(ctx.db, input.id), 'Gift');
    await activateGift(ctx.db, input.id);
    return listGifts(ctx.db);
  }),
  deleteFile: contentWriteProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    found(await findGiftFile(ctx.db, input.id), 'Gift file');
    await deleteGiftFile(ctx.db, input.id);
    await createGiftFileStore(ctx.db, ctx.uploads.kind, path.dirname(ctx.uploadsDir)).remove(input.id);
  }),
});

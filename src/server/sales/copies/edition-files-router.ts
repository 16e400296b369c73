import { z } from 'zod';
import { byIdInput, idSchema } from '../../../domain/fields.schema.js';
import { SELLABLE_EDITION_FORMATS } from '../../../domain/edition-files.js';
import { enumField } from '../../../domain/fields.schema.js';
import { adminProcedure, contentWriteProcedure, found, router } from '../../trpc/trpc.js';
import { deleteEditionFile, findEditionFile, listEditionFiles } from './edition-files-repository.js';
import { salesFileStoreOf } from './sales-files.js';

/**
 * Admin → Books → an edition's files to sell direct (uploaded to
 * POST /api/admin/books/:bookId/editions/:format/files): the list with what each upload's check found,
 * and removal. Personal copies already made are kept (a buyer's re-download still works).
 */
export const editionFilesRouter = router({
  list: adminProcedure
    .input(z.object({ bookId: idSchema, editionFormat: enumField('Edition', SELLABLE_EDITION_FORMATS).optional() }))
    .query(({ ctx, input }) => listEditionFiles(ctx.db, input.bookId, input.editionFormat)),
  remove: contentWriteProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    found(await findEditionFile(ctx.db, input.id), 'Edition file');
    await deleteEditionFile(ctx.db, input.id);
    await salesFileStoreOf(ctx).remove(input.id);
  }),
});

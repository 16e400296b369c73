import { TRPCError } from '@trpc/server';
import { adminPageInputSchema } from '../../domain/admin-lists.schema.js';
import { removeUploadsInputSchema } from '../../domain/uploads.schema.js';
import type { BackupStatus } from '../../domain/uploads.js';
import {
  listUnreferencedUploadPage,
  removeUnreferencedUploads,
  type RemovalRefusal,
} from '../content/uploads/unreferenced-uploads.js';
import { adminProcedure, router } from '../trpc/trpc.js';
import { pageKeyOf } from '../trpc/page-cursor.js';

function refusalMessage(refusal: RemovalRefusal): string {
  switch (refusal.reason) {
    case 'missing':
      return `There is no upload named ${refusal.name}`;
    case 'referenced':
      return `${refusal.name} is still used by content and cannot be removed`;
    case 'too-recent':
      return `${refusal.name} was uploaded less than 24 hours ago and can be removed from ${refusal.removableFrom!.toISOString()}`;
  }
}

/** 404 when every refused name is unknown, else 409; the message names each problem. */
function refusalError(refused: RemovalRefusal[]): TRPCError {
  const allMissing = refused.every((refusal) => refusal.reason === 'missing');
  const shown = refused.slice(0, 3).map(refusalMessage);
  const more = refused.length > shown.length ? ` (and ${refused.length - shown.length} more)` : '';
  return new TRPCError({
    code: allMissing ? 'NOT_FOUND' : 'CONFLICT',
    message: `Nothing was removed. ${shown.join('. ')}${more}.`,
  });
}

/** Settings: backups, and uploads no content uses any more. */
export const maintenanceRouter = router({
  backupStatus: adminProcedure.query(async ({ ctx }): Promise<BackupStatus> => {
    const latest = await ctx.backups.latest();
    return {
      lastBackup: latest && { name: latest.name, createdAt: latest.createdAt, bytes: latest.bytes },
      everyMs: ctx.backups.settings.everyMs,
      keep: ctx.backups.settings.keep,
    };
  }),
  /** A page of the uploads no content uses, oldest first (`{ limit, cursor }`: 100 by default, at most 500). */
  unreferencedUploads: adminProcedure
    .input(adminPageInputSchema)
    .query(({ ctx, input }) => listUnreferencedUploadPage(ctx.db, ctx.uploads, input, pageKeyOf(input.cursor))),
  removeUnreferencedUploads: adminProcedure.input(removeUploadsInputSchema).mutation(async ({ ctx, input }) => {
    const result = await removeUnreferencedUploads(ctx.db, ctx.uploads, input.names);
    if ('refused' in result) throw refusalError(result.refused);
    return result;
  }),
});

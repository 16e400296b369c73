import type { AppDatabase } from '../db/connection.js';

/**
 * The seam to the personal copy maker (src/server/sales/copies/, built on its own branch): an
 * order's copy is made once from the edition's file (EPUB ex-libris and invisible fingerprint, PDF
 * footer, audio ZIP comment and tags) and stored; its id is kept on the order, so a re-download is
 * a plain file send. `findCopyFingerprint` reads a leaked file's fingerprint back.
 */
export interface PersonalCopies {
  makePersonalCopy(
    db: AppDatabase,
    input: { editionFileId: string; buyerName: string; orderRef: string; fingerprint: string },
  ): Promise<string>;
  findCopyFingerprint(buffer: Buffer): Promise<string | null>;
}

/**
 * Until the copy maker is merged: the "copy" is the edition's original file itself (no ex-libris,
 * no fingerprint), so the whole sale path works and is tested end to end. The merge replaces this
 * with the copy maker's implementation where the app is built (sales/register-sales.ts).
 */
const originalFileAsCopy: PersonalCopies = {
  makePersonalCopy: (_db, input) => Promise.resolve(input.editionFileId),
  findCopyFingerprint: () => Promise.resolve(null),
};

/**
 * The copy maker the site uses: THE MERGE POINT. When src/server/sales/copies/ lands, this becomes
 * its implementation (makePersonalCopy / findCopyFingerprint); nothing else changes.
 */
export const siteCopies: PersonalCopies = originalFileAsCopy;

import type { AppDatabase } from '../db/connection.js';
import { listEditionFiles } from '../sales/copies/edition-files-repository.js';
import { makePersonalCopy } from '../sales/copies/personal-copy.js';
import { findPersonalCopy, type PersonalCopy } from '../sales/copies/personal-copies-repository.js';
import type { SalesFileStore } from '../sales/copies/sales-file-store.js';
import { setApplicationCopy, type ArcApplication, type ArcCampaign } from './arc-repository.js';

/** The EPUB first: it carries the ex-libris page and the fingerprint (as a purchase's copy). */
const DELIVERY_ORDER = ['epub', 'pdf', 'azw3', 'mobi'];

/**
 * The reader's fingerprinted advance copy, made once with the sell-direct copy maker (an ex-libris page with
 * their name, the application's fingerprint in the OPF, the page and the ZIP comment) from the campaign's
 * edition file (else the book's ebook file, EPUB first), and kept. Undefined when the book has no file.
 */
export async function ensureArcCopy(
  db: AppDatabase,
  store: SalesFileStore,
  campaign: Pick<ArcCampaign, 'bookId' | 'editionFileId'>,
  application: ArcApplication,
): Promise<PersonalCopy | undefined> {
  if (application.copyFileId) return findPersonalCopy(db, application.copyFileId);
  const fileId =
    campaign.editionFileId ??
    (await listEditionFiles(db, campaign.bookId, 'ebook')).sort(
      (a, b) => DELIVERY_ORDER.indexOf(a.kind) - DELIVERY_ORDER.indexOf(b.kind),
    )[0]?.id;
  if (!fileId) return undefined;
  const copy = await makePersonalCopy(db, store, {
    editionFileId: fileId,
    buyerName: application.name,
    // One copy per application and file (the copies' unique index); the ex-libris line reads "order arc-<id>".
    orderRef: `arc-${application.id}`,
    fingerprint: application.fingerprint,
    madeAt: new Date(),
  });
  await setApplicationCopy(db, application.id, copy.fileId);
  return findPersonalCopy(db, copy.fileId);
}

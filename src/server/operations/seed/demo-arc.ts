import { arcCampaignInputSchema } from '../../../domain/arc.schema.js';
import { createCampaign } from '../../arc/arc-repository.js';
import type { AppDatabase } from '../../db/connection.js';
import type { SalesFileStore } from '../../sales/copies/sales-file-store.js';
import { seedDemoEditionFile } from './demo-edition-file.js';

const DEMO_ARC_BOOK = { slug: 'the-unkindled-throne', title: 'The Unkindled Throne' };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo's ARC team (issue 34): one open campaign for the coming-soon book, so a fresh site shows /arc. Its
 * advance copies are made from a small demo EPUB (the same generator as the sold ebook's), 60 days to review.
 */
export async function seedDemoArc(db: AppDatabase, files: SalesFileStore): Promise<void> {
  const editionFileId = await seedDemoEditionFile(db, files, DEMO_ARC_BOOK);
  const book = await db.selectFrom('books').select('id').where('slug', '=', DEMO_ARC_BOOK.slug).executeTakeFirst();
  if (!book || !editionFileId) return;
  await createCampaign(
    db,
    arcCampaignInputSchema.parse({
      bookId: book.id,
      editionFileId,
      places: 25,
      reviewBy: new Date(Date.now() + 60 * DAY_MS).toISOString(),
      promise:
        'I will read the advance copy and post an honest review (whether I enjoyed it or not) by release day, or step back if I cannot. I will not share my copy.',
    }),
  );
}

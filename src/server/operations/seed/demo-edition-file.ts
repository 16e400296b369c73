import { Readable } from 'node:stream';
import type { AppDatabase } from '../../db/connection.js';
import { newId } from '../../db/row-conversion.js';
import { makeDemoEpub } from '../../sales/copies/demo-epub.js';
import { checkStoredFile } from '../../sales/copies/edition-file-check.js';
import { addEditionFile } from '../../sales/copies/edition-files-repository.js';
import type { SalesFileStore } from '../../sales/copies/sales-file-store.js';

const DEMO_BOOK_SLUG = 'the-ashwarden';

/**
 * The demo sells The Ashwarden's ebook direct (issue 32): its edition delivers a small real EPUB 3,
 * generated here and checked as an upload is, so a buyer's personal copy can be made from it.
 */
export async function seedDemoEditionFile(
  db: AppDatabase,
  files: SalesFileStore,
  demo: { slug: string; title: string } = { slug: DEMO_BOOK_SLUG, title: 'The Ashwarden' },
): Promise<string | undefined> {
  const book = await db.selectFrom('books').select('id').where('slug', '=', demo.slug).executeTakeFirst();
  if (!book) return undefined;
  const epub = await makeDemoEpub({ title: demo.title, author: 'Delphine Rook', chapters: 3 });
  const id = newId();
  const bytes = await files.write(id, Readable.from([epub]));
  const result = await checkStoredFile(files, id, 'epub', bytes);
  if (!result.ok) throw new Error(`the demo EPUB fails its own checks: ${result.problems.join('; ')}`);
  await addEditionFile(db, {
    id,
    bookId: book.id,
    editionFormat: 'ebook',
    kind: 'epub',
    filename: `${demo.slug}.epub`,
    bytes,
    checked: result.checked,
  });
  return id;
}

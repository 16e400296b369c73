import type { AppDatabase } from '../../db/connection.js';
import { saveSaleEdition } from '../../sales/sale-editions-repository.js';

/** The demo's Stripe Payment Link (issue 32's fixed point): The Ashwarden's ebook at $4.99. */
export const DEMO_PAYMENT_LINK = 'plink_demo_ashwarden_ebook';
const DEMO_CHECKOUT_URL = `https://buy.stripe.com/${DEMO_PAYMENT_LINK}`;

/**
 * The Ashwarden's ebook sold direct through the demo Payment Link; the EPUB it delivers is the
 * edition's file (demo-edition-file.ts: makeDemoEpub), of which each buyer gets a personal copy.
 */
export async function seedDemoSale(db: AppDatabase): Promise<void> {
  const book = await db.selectFrom('books').select('id').where('slug', '=', 'the-ashwarden').executeTakeFirst();
  if (!book) return;
  await saveSaleEdition(db, {
    bookId: book.id,
    format: 'ebook',
    provider: 'stripe',
    productId: DEMO_PAYMENT_LINK,
    checkoutUrl: DEMO_CHECKOUT_URL,
    price: '4.99',
    currency: 'usd',
    isActive: true,
  });
}

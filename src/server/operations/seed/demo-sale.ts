import yazl from 'yazl';
import type { AppDatabase } from '../../db/connection.js';
import type { GiftFileStore } from '../../newsletter/gift/gift-file-store.js';
import { saveSaleEdition } from '../../sales/sale-editions-repository.js';
import { storeSaleEditionFile } from '../../sales/sale-files.js';

/** The demo's Stripe Payment Link (issue 32's fixed point): The Ashwarden's ebook at $4.99. */
export const DEMO_PAYMENT_LINK = 'plink_demo_ashwarden_ebook';
const DEMO_CHECKOUT_URL = `https://buy.stripe.com/${DEMO_PAYMENT_LINK}`;

const CHAPTER = [
  'The Wake had burned beneath Vesperhold for nine hundred years. It was not a hearth and it was not a forge; the first Ashwardens had refused to call it anything but what it did.',
  'It lay in a cleft of black rock at the foot of the stair, a river of light so slow it seemed to be thinking, and above it, pinned to the basalt with iron older than any name, stood the Ember Seat.',
  'Every monarch of Aurhald had sat in that chair with their predecessor’s ashes in their lap. Every one of them had waited to learn whether the iron would stay cool.',
];

const xhtml = (title: string, body: string) => `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head><title>${title}</title></head>
<body>${body}</body>
</html>
`;

/**
 * A small real EPUB 3 of The Ashwarden's opening: `mimetype` first and stored, the container, the
 * package document, the navigation document and one chapter (what epubcheck asks of a book).
 */
export function demoAshwardenEpub(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('application/epub+zip'), 'mimetype', { compress: false });
  zip.addBuffer(
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`),
    'META-INF/container.xml',
  );
  zip.addBuffer(
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">urn:isbn:9781917130004</dc:identifier>
    <dc:title>The Ashwarden</dc:title>
    <dc:creator>Delphine Rook</dc:creator>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">2026-11-27T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="chapter-1" href="chapter-1.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine><itemref idref="chapter-1"/></spine>
</package>
`),
    'OEBPS/content.opf',
  );
  zip.addBuffer(
    Buffer.from(
      xhtml(
        'Contents',
        '<nav epub:type="toc" id="toc"><h1>Contents</h1><ol><li><a href="chapter-1.xhtml">The Long Stair</a></li></ol></nav>',
      ),
    ),
    'OEBPS/nav.xhtml',
  );
  zip.addBuffer(
    Buffer.from(
      xhtml('The Long Stair', `<h1>The Long Stair</h1>${CHAPTER.map((paragraph) => `<p>${paragraph}</p>`).join('')}`),
    ),
    'OEBPS/chapter-1.xhtml',
  );
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** The Ashwarden's ebook sold direct through the demo Payment Link, delivering the EPUB above. */
export async function seedDemoSale(db: AppDatabase, files: GiftFileStore): Promise<void> {
  const book = await db.selectFrom('books').select('id').where('slug', '=', 'the-ashwarden').executeTakeFirst();
  if (!book) return;
  const editionId = await saveSaleEdition(db, {
    bookId: book.id,
    format: 'ebook',
    provider: 'stripe',
    productId: DEMO_PAYMENT_LINK,
    checkoutUrl: DEMO_CHECKOUT_URL,
    price: '4.99',
    currency: 'usd',
    isActive: true,
  });
  await storeSaleEditionFile(db, files, editionId, {
    name: 'the-ashwarden.epub',
    type: 'epub',
    source: await demoAshwardenEpub(),
  });
}

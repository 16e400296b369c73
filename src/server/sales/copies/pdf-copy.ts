import type * as pdfLib from 'pdf-lib';
import type { PDFDocument } from 'pdf-lib';
import { lazyModule } from '../../lazy-module.js';
import { type CopyStamp, exLibrisLine, FINGERPRINT_IN_TEXT, FINGERPRINT_MARK } from './copy-stamp.js';

const FOOTER_SIZE = 7;
const FOOTER_MARGIN = 12;

export class PdfUnreadable extends Error {}

/** pdf-lib (about 22 MB of memory) loads with the first PDF, not at start. */
const loadPdfLib = lazyModule<typeof pdfLib>('pdf-lib');

/** Loads a PDF as pdf-lib can stamp it; a PDF it cannot read (encrypted, broken) says why. */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await loadPdfLib().PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    const message = (error as Error).message;
    if (/encrypt/i.test(message))
      throw new PdfUnreadable('This PDF is encrypted (password-protected): export it without protection to sell it');
    throw new PdfUnreadable(`This PDF could not be read: ${message.slice(0, 200)}`);
  }
}

/**
 * The buyer's copy of a PDF: "This copy was made for …" in small grey type at the foot of every page,
 * and the fingerprint among the document's keywords (File → Properties shows them; pages do not).
 * pdf-lib holds the document in memory: PDFs are bounded (EDITION_FILE_INFO.pdf.maxBytes).
 */
export async function makePdfCopy(bytes: Uint8Array, stamp: CopyStamp): Promise<Buffer> {
  const pdf = await loadPdf(bytes);
  const { rgb, StandardFonts } = loadPdfLib();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  // Helvetica covers Latin-1 (WinAnsi): accents are dropped, other letters become "?".
  const charset = new Set(font.getCharacterSet());
  const line = [
    ...exLibrisLine(stamp)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, ''),
  ]
    .map((char) => (charset.has(char.codePointAt(0)!) ? char : '?'))
    .join('');
  for (const page of pdf.getPages()) {
    const { x, y, width } = page.getCropBox();
    const textWidth = font.widthOfTextAtSize(line, FOOTER_SIZE);
    page.drawText(line, {
      x: x + Math.max(4, (width - textWidth) / 2),
      y: y + FOOTER_MARGIN,
      size: FOOTER_SIZE,
      font,
      color: rgb(0.45, 0.45, 0.45),
    });
  }
  const kept = (pdf.getKeywords() ?? '').split(/\s+/).filter((word) => word && !FINGERPRINT_IN_TEXT.test(word));
  pdf.setKeywords([...kept, `${FINGERPRINT_MARK}${stamp.fingerprint}`]);
  return Buffer.from(await pdf.save());
}

/** The fingerprint in a PDF's keywords, if it has one; throws when the PDF cannot be read. */
export async function pdfFingerprint(bytes: Uint8Array): Promise<string | null> {
  const pdf = await loadPdf(bytes);
  return FINGERPRINT_IN_TEXT.exec(pdf.getKeywords() ?? '')?.[1] ?? null;
}

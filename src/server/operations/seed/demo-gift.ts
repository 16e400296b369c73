import { Readable } from 'node:stream';
import type { AppDatabase } from '../../db/connection.js';
import type { GiftFileStore } from '../../newsletter/gift/gift-file-store.js';
import { activateGift, addGiftFile, createGift } from '../../newsletter/gift/gifts-repository.js';
import { newId } from '../../db/row-conversion.js';

const TITLE = 'The Marshal’s Ledger';
const DESCRIPTION =
  'A lost chapter from The Ashwarden: the night the Wake goes out, told by the Lord Marshal, Ansel Graive.';

const CHAPTER = [
  'THE MARSHAL’S LEDGER',
  'A chapter cut from The Ashwarden',
  '',
  'The Wake went out at the second bell, and by the third Ansel Graive had sent for paper.',
  'He did not send for wine, or for his captains, or for the priests who were already wailing in the',
  'lower galleries. He sent for the clerk of the granaries and a ledger with clean pages, and he sat',
  'down at the long table in the Watch hall with the shutters open to the cold.',
  '',
  'Four thousand men in the Iron Watch. Eleven hundred of them worth their boots.',
  'Ninety-one days of grain in the city, if the millers were honest, and sixty if they were not.',
  'Nine great houses. Three he could buy, two he could frighten, and four he would have to bury.',
  '',
  'He wrote the sums in a narrow, careful hand, and when the clerk asked what they were for he said:',
  '"For spring. A cold chair is a chair like any other, and the man who holds the Watch holds the hall.',
  'But a man must know what the Watch will cost him before the snow melts."',
  '',
  'Outside, the city waited for a fire that did not come. Inside, the Marshal counted until dawn.',
];

const pdfText = (line: string) =>
  line
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[\\()]/g, (char) => `\\${char}`);

/** A one-page PDF of the chapter, built by hand: Times, A5, the text set line by line. */
function demoChapterPdf(): Buffer {
  const lines = CHAPTER.map(
    (line, index) => `${index === 0 ? '/F1 16 Tf' : '/F1 10 Tf'} (${pdfText(line)}) Tj 0 -16 Td`,
  ).join('\n');
  const content = `BT 40 560 Td\n${lines}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The demo's gift, active, so the banner "Subscribers receive The Marshal’s Ledger" is true. */
export async function seedDemoGift(db: AppDatabase, files: GiftFileStore, coverImage: string): Promise<void> {
  const giftId = await createGift(db, { title: TITLE, description: DESCRIPTION, coverImage });
  const pdf = demoChapterPdf();
  const id = newId();
  const bytes = await files.write(id, Readable.from([pdf]));
  await addGiftFile(db, { id, giftId, format: 'pdf', filename: 'the-marshals-ledger.pdf', bytes });
  await activateGift(db, giftId);
}

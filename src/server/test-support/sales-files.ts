import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import yazl from 'yazl';

/** A zip made of the given entries (in order), for hostile and broken EPUBs. */
export async function zipOf(
  entries: { name: string; content: Buffer | string | AsyncIterable<Buffer>; compress?: boolean; size?: number }[],
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    const options = { compress: entry.compress ?? true, forceDosTimestamp: true, mtime: new Date('2026-11-01') };
    if (typeof entry.content === 'string' || Buffer.isBuffer(entry.content))
      zip.addBuffer(Buffer.from(entry.content), entry.name, options);
    else {
      const content = entry.content;
      zip.addReadStreamLazy(entry.name, options, (callback) => callback(null, Readable.from(content)));
    }
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A two-page PDF with text. */
export async function samplePdf(pages = 2): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  for (let n = 1; n <= pages; n += 1)
    pdf.addPage([420, 595]).drawText(`Chapter ${n}`, { x: 50, y: 500, size: 18, font });
  pdf.setTitle('The Ashwarden');
  return Buffer.from(await pdf.save());
}

/** An MP3 as a tagger writes it: an ID3v2.3 tag with a title (TIT2), then MPEG audio frames (`audioBytes` of them). */
export function sampleMp3(title: string, audioBytes = 64 * 1024): { file: Buffer; audio: Buffer } {
  const text = Buffer.concat([Buffer.from([0]), Buffer.from(title, 'latin1')]);
  const frameHeader = Buffer.alloc(10);
  frameHeader.write('TIT2', 0, 'latin1');
  frameHeader.writeUInt32BE(text.length, 4);
  const frames = Buffer.concat([frameHeader, text, Buffer.alloc(64)]); // padding after the frames
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  header[8] = (frames.length >> 7) & 0x7f;
  header[9] = frames.length & 0x7f;
  // MPEG-1 Layer III frames, 128 kbit/s, 44.1 kHz: 417-byte frames starting FF FB 90 64.
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), randomBytes(413)]);
  const audio = Buffer.concat(Array.from({ length: Math.ceil(audioBytes / frame.length) }, () => frame)).subarray(
    0,
    audioBytes,
  );
  return { file: Buffer.concat([header, frames, audio]), audio };
}

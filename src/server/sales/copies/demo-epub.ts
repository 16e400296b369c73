import { randomBytes } from 'node:crypto';
import type yazl from 'yazl';
import { lazyModule } from '../../lazy-module.js';
import { escapeXml } from './copy-stamp.js';

/** yazl loads with the first zip written, not with the server. */
const loadYazl = lazyModule<typeof yazl>('yazl');

export type DemoEpubOptions = {
  title?: string;
  author?: string;
  /** The book's own identifier (dc:identifier), a urn:uuid. */
  identifier?: string;
  chapters?: number;
  /** Paragraphs of each chapter (each ~450 bytes of prose). */
  paragraphs?: number;
  /** Adds a cover image of this many bytes (a PNG header and noise: a stand-in for a real cover's weight). */
  coverBytes?: number;
  /**
   * Paragraphs of words drawn at random (seeded) rather than the demo's four sentences: text that
   * deflates about 3:1 like a novel's, not 100:1 (for the benchmark's 5 MB book).
   */
  variedProse?: boolean;
};

const PROSE = [
  'The ash came down over Veyl like snow that had forgotten how to melt, and the wardens walked the walls with cloth over their mouths.',
  'Nobody in the lower city remembered the last time the beacon had burned clean; they remembered only the smell of it, and the bells.',
  'She kept her hands in her sleeves and her eyes on the stair, counting the steps the way her mother had taught her, in threes.',
  'Below, the river ran black with the cinders of the upper quarters, carrying them out past the salt flats to the sea that never answered.',
];

const WORDS = PROSE.join(' ')
  .toLowerCase()
  .replace(/[^a-z ]/g, '')
  .split(' ')
  .filter(Boolean);

/** A paragraph of ~450 bytes of words picked by a seeded generator (the same book every run). */
function variedParagraph(seed: number): string {
  let state = Math.imul(seed, 2654435761) >>> 0;
  const words: string[] = [];
  let length = 0;
  while (length < 450) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const word = WORDS[(state >>> 8) % WORDS.length]!;
    words.push(word);
    length += word.length + 1;
  }
  return `${words.join(' ')}.`;
}

function chapterPage(title: string, number: number, paragraphs: number, varied = false): string {
  if (varied) {
    const text = Array.from(
      { length: paragraphs },
      (_, index) => `<p>${variedParagraph(number * 100_000 + index + 1)}</p>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en"><head><title>${escapeXml(title)}: chapter ${number}</title></head>
<body><section><h1>Chapter ${number}</h1>
${text.join('\n')}
</section></body></html>
`;
  }
  const body = Array.from(
    { length: paragraphs },
    (_, index) =>
      `<p>${escapeXml(PROSE[(number + index) % PROSE.length]!)} ${escapeXml(PROSE[index % PROSE.length]!)}</p>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en"><head><title>${escapeXml(title)}: chapter ${number}</title></head>
<body><section><h1>Chapter ${number}</h1>
${body}
</section></body></html>
`;
}

/** A PNG signature and IHDR, then noise: enough for readers and epubcheck's media-type sniff to see a PNG. */
function coverImage(bytes: number): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, Buffer.from('0000000d49484452', 'hex'), randomBytes(Math.max(0, bytes - 16))]);
}

/**
 * A small real EPUB 3 (it passes epubcheck): mimetype first and stored, container, OPF with title,
 * identifier, language and modified date, a navigation document and `chapters` XHTML chapters. The
 * demo seed's ebook for The Ashwarden, the tests' and the benchmark's book (`paragraphs` and
 * `coverBytes` make it as large as wanted).
 */
export async function makeDemoEpub(options: DemoEpubOptions = {}): Promise<Buffer> {
  const title = options.title ?? 'The Ashwarden';
  const author = options.author ?? 'Mara Vell';
  const identifier = options.identifier ?? 'urn:uuid:6f1b6a3e-3c1e-4b8e-9d7a-2a1f0c5d9e01';
  const chapters = Math.max(1, options.chapters ?? 3);
  const paragraphs = Math.max(1, options.paragraphs ?? 6);
  const zip = new (loadYazl().ZipFile)();
  const mtime = new Date('2026-11-01T00:00:00Z');
  const add = (name: string, text: string | Buffer, compress = true) =>
    zip.addBuffer(typeof text === 'string' ? Buffer.from(text, 'utf8') : text, name, {
      mtime,
      compress,
      forceDosTimestamp: true,
    });
  add('mimetype', 'application/epub+zip', false);
  add(
    'META-INF/container.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`,
  );
  const numbers = Array.from({ length: chapters }, (_, index) => index + 1);
  const hasCover = (options.coverBytes ?? 0) > 0;
  add(
    'OEBPS/content.opf',
    `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${escapeXml(identifier)}</dc:identifier>
    <dc:title>${escapeXml(title)}</dc:title>
    <dc:creator>${escapeXml(author)}</dc:creator>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">2026-11-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
${hasCover ? '    <item id="cover" href="cover.png" media-type="image/png" properties="cover-image"/>\n' : ''}${numbers.map((n) => `    <item id="chapter-${n}" href="chapter-${n}.xhtml" media-type="application/xhtml+xml"/>`).join('\n')}
  </manifest>
  <spine>
${numbers.map((n) => `    <itemref idref="chapter-${n}"/>`).join('\n')}
  </spine>
</package>
`,
  );
  add(
    'OEBPS/nav.xhtml',
    `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en"><head><title>${escapeXml(title)}</title></head>
<body><nav epub:type="toc" id="toc"><h1>Contents</h1><ol>
${numbers.map((n) => `<li><a href="chapter-${n}.xhtml">Chapter ${n}</a></li>`).join('\n')}
</ol></nav></body></html>
`,
  );
  if (hasCover) add('OEBPS/cover.png', coverImage(options.coverBytes!), false);
  for (const n of numbers) add(`OEBPS/chapter-${n}.xhtml`, chapterPage(title, n, paragraphs, options.variedProse));
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

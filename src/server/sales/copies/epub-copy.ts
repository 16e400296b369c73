import path from 'node:path/posix';
import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import { asciiOnly, type CopyStamp, escapeXml, exLibrisLine, FINGERPRINT_MARK } from './copy-stamp.js';
import type { EpubLayout } from './epub-structure.js';
import { type RawZipItem, writeRawZip } from './raw-zip-writer.js';

const DC_NAMESPACE = 'http://purl.org/dc/elements/1.1/';

function freeName(wanted: (n: number) => string, taken: (name: string) => boolean): string {
  for (let n = 1; ; n += 1) if (!taken(wanted(n))) return wanted(n);
}

/** The ex-libris page: XHTML5 for EPUB 3, XHTML 1.1 for EPUB 2 (what each version's readers and epubcheck expect). */
function exLibrisPage(stamp: CopyStamp, epubVersion: string): string {
  const line = escapeXml(exLibrisLine(stamp));
  const marker = `<meta name="copy-fingerprint" content="${FINGERPRINT_MARK}${stamp.fingerprint}"/>`;
  const body = `<body><div style="margin-top:30%;text-align:center"><p>Ex libris</p><p>${line}</p></div></body>`;
  if (epubVersion.startsWith('2'))
    return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>Ex libris</title>${marker}</head>${body}</html>
`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en"><head><title>Ex libris</title>${marker}</head>${body}</html>
`;
}

/**
 * The OPF with the copy's marks: a dc:identifier holding the fingerprint (its own namespace
 * declaration, whatever prefix the book uses), the ex-libris page in the manifest and first in the spine.
 * Elements go in with the prefix the book's own manifest/spine tags use.
 */
function stampOpf(opfText: string, stamp: CopyStamp, itemId: string, href: string): string {
  const identifier = `<dc:identifier xmlns:dc="${DC_NAMESPACE}" id="${itemId}-fingerprint">${FINGERPRINT_MARK}${stamp.fingerprint}</dc:identifier>`;
  let text = opfText.replace(/<\/((?:[\w.-]+:)?)metadata\s*>/, (close) => `${identifier}\n${close}`);
  text = text.replace(
    /<\/((?:[\w.-]+:)?)manifest\s*>/,
    (close, prefix: string) =>
      `<${prefix}item id="${itemId}" href="${escapeXml(href)}" media-type="application/xhtml+xml"/>\n${close}`,
  );
  text = text.replace(
    /<((?:[\w.-]+:)?)spine\b[^>]*>/,
    (open, prefix: string) => `${open}\n<${prefix}itemref idref="${itemId}"/>`,
  );
  return text;
}

/**
 * The buyer's copy of a checked EPUB, as a stream: the same entries in the same order, copied packed as
 * they are (`mimetype` first and stored; nothing unpacked or deflated again, so memory and time stay flat
 * whatever the book's size), the OPF stamped, the ex-libris page added, and the fingerprint in the ZIP
 * comment. Closes `zip` when done.
 */
export function makeEpubCopy(
  zip: yauzl.ZipFile,
  entries: yauzl.Entry[],
  layout: EpubLayout,
  stamp: CopyStamp,
): Readable {
  const opfDir = path.dirname(layout.opfPath);
  const inOpfDir = (name: string) => (opfDir === '.' ? name : `${opfDir}/${name}`);
  const pageName = freeName(
    (n) => inOpfDir(n === 1 ? 'ex-libris.xhtml' : `ex-libris-${n}.xhtml`),
    (name) => layout.entryNames.has(name),
  );
  const itemId = freeName(
    (n) => (n === 1 ? 'personal-copy' : `personal-copy-${n}`),
    (id) => layout.manifestIds.has(id) || layout.manifestIds.has(`${id}-fingerprint`),
  );
  const items: RawZipItem[] = entries.map((entry) =>
    entry.fileName === layout.opfPath
      ? {
          kind: 'new',
          name: entry.fileName,
          data: Buffer.from(stampOpf(layout.opfText, stamp, itemId, path.basename(pageName)), 'utf8'),
          compress: true,
          modified: { time: entry.lastModFileTime, date: entry.lastModFileDate },
        }
      : { kind: 'copy', entry },
  );
  items.push({
    kind: 'new',
    name: pageName,
    data: Buffer.from(exLibrisPage(stamp, layout.version), 'utf8'),
    compress: true,
    modified: stamp.madeAt,
  });
  return writeRawZip(zip, items, asciiOnly(`${FINGERPRINT_MARK}${stamp.fingerprint}`));
}

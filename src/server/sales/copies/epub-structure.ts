import path from 'node:path/posix';
import type yauzl from 'yauzl';
import { childNamed, childrenNamed, parseXml, type XmlElement } from './xml-tree.js';
import { EntryTooLarge, readEntry, safeEntryName } from './zip-access.js';

const EPUB_MIMETYPE = 'application/epub+zip';
const OPF_MEDIA_TYPE = 'application/oebps-package+xml';
const OPF_NAMESPACE = 'http://www.idpf.org/2007/opf';
const DC_NAMESPACE = 'http://purl.org/dc/elements/1.1/';

/** Bounds on what an EPUB may unpack to: far above any real book, far below a zip bomb. */
const EPUB_LIMITS = {
  /** All entries together, unpacked. */
  totalBytes: 1024 * 1024 * 1024,
  /** One entry, unpacked. */
  entryBytes: 300 * 1024 * 1024,
  /** Unpacked / packed, for entries over 1 MB (text compresses ~3-10:1; a bomb ~1000:1). */
  ratio: 100,
  /** container.xml and the OPF are read whole: bounded. */
  xmlBytes: 8 * 1024 * 1024,
} as const;

/** What the checks learnt of a sound EPUB, and what the personal copy needs to add its page. */
export type EpubLayout = {
  /** The package document's path in the zip, e.g. OEBPS/content.opf. */
  opfPath: string;
  opfText: string;
  /** "3.0", "2.0.1", … */
  version: string;
  title: string;
  manifestIds: Set<string>;
  /** Every entry's name (to pick names that are free). */
  entryNames: Set<string>;
  entryCount: number;
  unpackedBytes: number;
};

export type EpubStructure = { ok: true; layout: EpubLayout; warnings: string[] } | { ok: false; problems: string[] };

/** The zip-level problems (names, sizes, ratios): a bomb or a path escape is refused before anything is unpacked. */
function zipProblems(entries: yauzl.Entry[]): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  let total = 0;
  for (const entry of entries) {
    const name = entry.fileName;
    if (!safeEntryName(name)) {
      problems.push(`"${name.slice(0, 200)}" leads outside the book (../ or an absolute path): refused`);
      continue;
    }
    if (names.has(name)) problems.push(`"${name}" is in the file twice`);
    names.add(name);
    total += entry.uncompressedSize;
    if (entry.uncompressedSize > EPUB_LIMITS.entryBytes)
      problems.push(`"${name}" unpacks to more than ${EPUB_LIMITS.entryBytes / 1024 / 1024} MB`);
    else if (
      entry.uncompressedSize > 1024 * 1024 &&
      entry.uncompressedSize > EPUB_LIMITS.ratio * Math.max(1, entry.compressedSize)
    )
      problems.push(
        `"${name}" unpacks to ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times its packed size (a zip bomb?): refused`,
      );
  }
  if (total > EPUB_LIMITS.totalBytes) problems.push('The book unpacks to more than 1 GB: refused');
  return problems;
}

function mimetypeProblems(first: yauzl.Entry | undefined, content: string | null): string[] {
  if (!first || first.fileName !== 'mimetype')
    return ['The first file in the EPUB must be "mimetype" (it is missing or not first): re-export the book'];
  const problems: string[] = [];
  if (first.compressionMethod !== 0) problems.push('"mimetype" must be stored uncompressed: re-export the book');
  if (first.extraFieldLength !== 0) problems.push('"mimetype" must have no extra ZIP field: re-export the book');
  if (content !== null && content !== EPUB_MIMETYPE)
    problems.push(`"mimetype" must hold exactly "${EPUB_MIMETYPE}" (it holds "${content.slice(0, 60)}")`);
  return problems;
}

async function readXml(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
): Promise<{ ok: true; root: XmlElement; text: string } | { ok: false; problem: string }> {
  try {
    const text = (await readEntry(zip, entry, EPUB_LIMITS.xmlBytes)).toString('utf8');
    return { ok: true, root: parseXml(text), text };
  } catch (error) {
    if (error instanceof EntryTooLarge) return { ok: false, problem: `"${entry.fileName}" is too large (over 8 MB)` };
    return { ok: false, problem: `"${entry.fileName}" is not well-formed XML: ${(error as Error).message}` };
  }
}

/** An href of the OPF as a zip entry name (relative to the OPF's folder, %-decoded, without #fragment). */
function entryNameOf(opfPath: string, href: string): string | null {
  try {
    const bare = decodeURIComponent(href.split('#')[0] ?? '');
    if (/^[a-z][a-z0-9+.-]*:/i.test(bare)) return null; // a remote resource
    return path.normalize(path.join(path.dirname(opfPath), bare));
  } catch {
    return null;
  }
}

function opfProblems(
  opfPath: string,
  root: XmlElement,
  entryNames: Set<string>,
): { problems: string[]; warnings: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  if (root.local !== 'package' || root.uri !== OPF_NAMESPACE)
    return { problems: [`"${opfPath}" is not an OPF package document (its root is <${root.local}>)`], warnings };
  if (!root.attributes.version) problems.push(`"${opfPath}" says no EPUB version (<package version="…">)`);
  const metadata = childNamed(root, 'metadata');
  const manifest = childNamed(root, 'manifest');
  const spine = childNamed(root, 'spine');
  if (!metadata) problems.push(`"${opfPath}" has no <metadata>`);
  if (!manifest) problems.push(`"${opfPath}" has no <manifest>`);
  if (!spine) problems.push(`"${opfPath}" has no <spine>`);
  const dc = (local: string) =>
    metadata?.children.filter((child) => child.local === local && child.uri === DC_NAMESPACE) ?? [];
  if (metadata && dc('title').every((title) => !title.text.trim())) problems.push('The book has no title (dc:title)');
  if (metadata && dc('identifier').length === 0) problems.push('The book has no identifier (dc:identifier)');
  if (metadata && dc('language').length === 0) problems.push('The book has no language (dc:language)');
  const ids = new Set<string>();
  for (const item of childrenNamed(manifest, 'item')) {
    const { id, href } = item.attributes;
    if (!id || !href || !item.attributes['media-type']) {
      problems.push(`A manifest item lacks its id, href or media-type (${id ?? href ?? 'unnamed'})`);
      continue;
    }
    ids.add(id);
    const name = entryNameOf(opfPath, href);
    if (name !== null && !entryNames.has(name)) problems.push(`The manifest lists "${href}", which is not in the file`);
  }
  const itemrefs = childrenNamed(spine, 'itemref');
  if (spine && itemrefs.length === 0) problems.push('The spine lists no chapter');
  for (const itemref of itemrefs)
    if (!ids.has(itemref.attributes.idref ?? ''))
      problems.push(`The spine refers to "${itemref.attributes.idref ?? ''}", which the manifest does not list`);
  if (!root.attributes.version?.startsWith('3'))
    warnings.push(`This is an EPUB ${root.attributes.version ?? '?'} book; EPUB 3 is today's format`);
  return { problems, warnings };
}

/**
 * Checks an EPUB as the author uploads it and as a copy is made from it: a safe zip (no ../ names,
 * no bomb), `mimetype` first, stored and right, META-INF/container.xml naming an OPF, and an OPF with
 * title, identifier, language, a manifest whose files are there and a spine. Lists every problem
 * found, each in words the author can act on.
 */
export async function readEpubStructure(zip: yauzl.ZipFile, entries: yauzl.Entry[]): Promise<EpubStructure> {
  const zipLevel = zipProblems(entries);
  if (zipLevel.length > 0) return { ok: false, problems: zipLevel };
  const byName = new Map(entries.map((entry) => [entry.fileName, entry]));
  const first = entries[0];
  let mimetype: string | null = null;
  if (first?.fileName === 'mimetype')
    mimetype = (await readEntry(zip, first, 1024).catch(() => Buffer.from('?'))).toString('latin1');
  const problems = mimetypeProblems(first, mimetype);
  const containerEntry = byName.get('META-INF/container.xml');
  if (!containerEntry)
    return {
      ok: false,
      problems: [...problems, 'META-INF/container.xml is missing: the reader cannot find the book inside'],
    };
  const container = await readXml(zip, containerEntry);
  if (!container.ok) return { ok: false, problems: [...problems, container.problem] };
  const rootfile = childrenNamed(childNamed(container.root, 'rootfiles'), 'rootfile').find(
    (candidate) => candidate.attributes['media-type'] === OPF_MEDIA_TYPE,
  );
  const opfPath = rootfile?.attributes['full-path'];
  if (!opfPath)
    return {
      ok: false,
      problems: [...problems, 'META-INF/container.xml names no package document (rootfile with full-path)'],
    };
  const opfEntry = byName.get(opfPath);
  if (!opfEntry)
    return {
      ok: false,
      problems: [...problems, `META-INF/container.xml names "${opfPath}", which is not in the file`],
    };
  const opf = await readXml(zip, opfEntry);
  if (!opf.ok) return { ok: false, problems: [...problems, opf.problem] };
  const entryNames = new Set(byName.keys());
  const checked = opfProblems(opfPath, opf.root, entryNames);
  problems.push(...checked.problems);
  if (problems.length > 0) return { ok: false, problems };
  const metadata = childNamed(opf.root, 'metadata');
  const title =
    metadata?.children.find((child) => child.local === 'title' && child.uri === DC_NAMESPACE)?.text.trim() ?? '';
  return {
    ok: true,
    warnings: checked.warnings,
    layout: {
      opfPath,
      opfText: opf.text,
      version: opf.root.attributes.version ?? '',
      title,
      manifestIds: new Set(
        childrenNamed(childNamed(opf.root, 'manifest'), 'item').map((item) => item.attributes.id ?? ''),
      ),
      entryNames,
      entryCount: entries.length,
      unpackedBytes: entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0),
    },
  };
}

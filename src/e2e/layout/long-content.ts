import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { Site } from '../support/fixture.js';

/**
 * Content that pushes a layout sideways, written into a demo site the way an author would (the admin API),
 * plus one sent issue in the web archive (written into the database: sending needs a mail server).
 */

/** Issue 33's 37 characters, then a word with no place to break: the header must wrap or shrink it. */
export const SITE_TITLE = 'Delphine Rook — The Cinderwake Cycle — Ashwardenemberlightunkindled';
/** One unbroken word as a title: 147 characters. */
export const LONG_TITLE = 'TheUnkindledThroneOfAshAndCinderwakeAndEmberlight'.repeat(3);
const BARE_URL =
  'https://example.com/the-cinderwake-cycle/appendices/the-unkindled-throne/maps-and-genealogies-of-the-ember-houses?edition=first&chapter=thirty-seven';
const LONG_CODE_LINE = `const ledger = "${'ash-and-ember-'.repeat(30)}";`;

/** Markdown with every wide thing: a bare address, a long word, a long code line, a wide table, a row of images. */
function longMarkdown(images: readonly string[]): string {
  const gallery = images.map((src, index) => `![Gallery picture ${index + 1}](${src})`).join(' ');
  return [
    `The full appendix is at ${BARE_URL} for anyone who asks.`,
    `${LONG_TITLE} is what the heralds shouted.`,
    '```',
    LONG_CODE_LINE,
    '```',
    '| House | Seat | Sigil | Founder | Words | Allegiance | Fate | Heir |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    '| Cinderwake | Ashwardenhold | Unkindledflame | Delphinerook | Emberneverdies | Throneofash | Extinguished | Nobody |',
    '',
    gallery,
    '',
    'The last line of the text.',
  ].join('\n');
}

/** What the fixtures' pages are named by in their routes. */
export type LongContent = {
  bookSlug: string;
  excerptSlug: string;
  postSlug: string;
  draftId: string;
  issueId: string;
  /** The admin session (Bearer key in the admin, the preview cookie's value). */
  token: string;
  /** A published author page (issue 31) with the long content: its address, `/<slug>`. */
  pagePath: string;
  /** A tag of the long post, as its /blog/tag/<slug> page names it. */
  tagSlug: string;
  /** A post imported from the theme unit test fixture with every structure (tables, embeds, lists, code, notes). */
  importedSlug: string;
};

type Json = Record<string, unknown>;

async function api<T = Json>(site: Site, method: string, url: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${site.baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${url}: ${response.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

function insertArchivedIssue(site: Site, body: string): string {
  const id = 'layout-long-issue';
  const now = new Date().toISOString();
  const db = new Database(path.join(site.dataDir, 'site.sqlite'));
  try {
    db.prepare(
      `INSERT INTO newsletter_issues (id, subject, preheader, body, status, created_at, updated_at, sent_at, in_archive)
       VALUES (?, ?, ?, ?, 'sent', ?, ?, ?, 1)`,
    ).run(id, LONG_TITLE, BARE_URL, body, now, now, now);
  } finally {
    db.close();
  }
  return id;
}

const FIXTURE = path.join(
  import.meta.dirname,
  '..',
  '..',
  'server',
  'import-export',
  'fixtures',
  'wordpress-theme-unit-media.xml',
);
const STRUCTURE_POST_ID = '<wp:post_id>1173</wp:post_id>';

/** Sends an export file to the import endpoint (`source`: wordpress or ghost), as the admin's Import does. */
async function importFile(site: Site, token: string, source: string, name: string, file: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([file], { type: name.endsWith('.json') ? 'application/json' : 'text/xml' }), name);
  const response = await fetch(`${site.baseUrl}/api/admin/import?source=${source}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/**
 * Issue 31: imports the theme unit test fixture's post with every structure through the import endpoint, alone (its
 * other posts show images of hosts that are not there).
 */
async function importStructurePost(site: Site, token: string): Promise<string> {
  const wxr = await readFile(FIXTURE, 'utf8');
  const items = wxr.split('<item>');
  const item = items.find((text) => text.includes(STRUCTURE_POST_ID))!.split('</item>')[0];
  await importFile(site, token, 'wordpress', 'structure.xml', `${items[0]}<item>${item}</item>\n</channel>\n</rss>\n`);
  return 'markup-title-with-markup';
}

/** The import fixtures in WordPress's and Ghost's shapes: nested pages, categories and tags, comments, Ghost pages. */
const SHAPE_FIXTURES = [
  ['wordpress', 'wordpress-pages.xml'],
  ['wordpress', 'wordpress-theme-unit-taxonomy.xml'],
  ['wordpress', 'wordpress-theme-unit-comments.xml'],
  ['ghost', 'ghost-5-tags.json'],
] as const;

/** Imports every shape fixture into the site (issue 31: each imported page is then walked at 375 px). */
export async function importShapeFixtures(site: Site, token: string): Promise<void> {
  for (const [source, name] of SHAPE_FIXTURES)
    await importFile(site, token, source, name, await readFile(path.join(path.dirname(FIXTURE), name), 'utf8'));
}

/** Writes the long content into the demo site: the first book, excerpt, post and art piece, About, the title. */
export async function writeLongContent(site: Site): Promise<LongContent> {
  const login = await fetch(`${site.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: site.adminPassword }),
  });
  const { token } = (await login.json()) as { token: string };
  const art = await api<Json[]>(site, 'GET', '/api/art', token);
  const markdown = longMarkdown(art.slice(0, 4).map((piece) => String(piece.imageUrl)));
  // Written first: the API writes below empty the public read cache.
  const issueId = insertArchivedIssue(site, markdown);

  const [book] = await api<Json[]>(site, 'GET', '/api/books', token);
  await api(site, 'PUT', `/api/books/${String(book!.id)}`, token, {
    ...book,
    title: LONG_TITLE,
    description: `${markdown}`.slice(0, 2_000),
  });
  const [excerpt] = await api<Json[]>(site, 'GET', '/api/excerpts', token);
  await api(site, 'PUT', `/api/excerpts/${String(excerpt!.id)}`, token, {
    ...(await api<Json>(site, 'GET', `/api/excerpts/${String(excerpt!.id)}`, token)),
    title: LONG_TITLE,
    description: `Read it at ${BARE_URL}`,
    content: markdown,
  });
  const [post] = await api<Json[]>(site, 'GET', '/api/blog', token);
  await api(site, 'PUT', `/api/blog/${String(post!.id)}`, token, {
    ...(await api<Json>(site, 'GET', `/api/blog/${String(post!.id)}`, token)),
    title: LONG_TITLE,
    summary: `${LONG_TITLE} ${BARE_URL}`,
    content: markdown,
    tags: [LONG_TITLE.slice(0, 60)],
  });
  const [tag] = await api<Json[]>(site, 'GET', '/api/blog/tags', token);
  const authorPage = await api<Json>(site, 'POST', '/api/admin/pages', token, {
    title: LONG_TITLE,
    content: markdown,
    metaDescription: BARE_URL,
    status: 'published',
    menu: 'header',
  });
  const draft = await api<Json>(site, 'POST', '/api/blog', token, {
    title: `${LONG_TITLE} (draft)`,
    summary: BARE_URL,
    content: markdown,
    category: 'announcements',
    coverImage: post!.coverImage,
    status: 'draft',
  });
  const [piece] = art;
  await api(site, 'PUT', `/api/art/${String(piece!.id)}`, token, {
    ...piece,
    title: LONG_TITLE,
    description: BARE_URL,
  });
  const settings = await api<Json & { about: Json; announcement: Json }>(site, 'GET', '/api/site', token);
  await api(site, 'PUT', '/api/admin/site', token, {
    seo: { title: SITE_TITLE, description: BARE_URL },
    about: { ...settings.about, role: LONG_TITLE.slice(0, 60), bio: markdown },
    announcement: {
      ...settings.announcement,
      enabled: true,
      startsOn: null,
      endsOn: null,
      text: `${LONG_TITLE.slice(0, 60)} ${BARE_URL}`,
    },
  });
  const importedSlug = await importStructurePost(site, token);
  return {
    importedSlug,
    pagePath: String(authorPage.path),
    tagSlug: String(tag!.slug),
    bookSlug: String(book!.slug),
    excerptSlug: String(excerpt!.slug),
    postSlug: String(post!.slug),
    draftId: String(draft.id),
    issueId,
    token,
  };
}

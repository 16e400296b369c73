import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import { toCsv, toCsvRows } from '../../../domain/csv.js';
import type { AppDatabase } from '../../db/connection.js';
import type { UploadStore } from '../../content/uploads/upload-store.js';
import { markdownWithFrontMatter } from './front-matter.js';
import { subscriberState } from './subscriber-states.js';
import { ghostExport } from './ghost-json.js';
import { ghostMembersCsv } from './ghost-members-csv.js';
import { ghostImagePath, postImageNames } from './post-images.js';
import { wordpressExport } from './wxr.js';
import { CONTENT_TABLES } from './site-tables.js';
import { allOrders, ORDER_CSV_COLUMNS } from '../../sales/order-csv.js';
import { listAllComments } from '../../comments/comments-repository.js';
import { shownCommentsByPost } from './wxr-comments.js';
import { readSiteShape } from './site-shape.js';

const README = `Everything on the site, to keep or to move elsewhere.

posts/*.md, excerpts/*.md   each post and excerpt as Markdown with front matter
content/*.json              books (with their editions), series, excerpts, art, playlists, categories, tags, posts
                            (and their tags), pages, images, as stored
subscribers.csv             the newsletter list, with status, dates and where each address came from
contact-messages.csv        messages sent through the contact form
preorders.csv               preorders
orders.csv                  orders of books sold direct: buyer, book, amount, currency, provider, state
comments.json               readers' comments (held, hidden and deleted ones too), with their post or excerpt and reader's name
uploads/                    every uploaded file (originals and their resized variants)
ghost.json                  posts (with their tags: the category first), pages and members in Ghost's import
                            format (Ghost: Settings → Labs → Import content)
ghost-import.zip            ghost.json with the posts' images at content/images/: upload it whole to Ghost
                            (Settings → Labs → Import content)
ghost-members.csv           the newsletter list in Ghost's member import format (Ghost: Members → Import members);
                            only confirmed subscribers are subscribed_to_emails, an unsubscribed address stays so
wordpress.xml               posts, pages (nested), categories, tags, the posts' shown comments and the images
                            (attachments) as a WordPress export (WXR 1.2; WordPress: Tools → Import → WordPress,
                            with "Download and import file attachments" while this site is still online)

Importing this zip into an empty site (Settings → Import → "This site's export") restores it.
`;

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
/** A file name from a slug or id: letters, digits, hyphens. */
const fileSafe = (value: string) => value.replace(/[^a-zA-Z0-9-]/g, '-').slice(0, 100) || 'item';

type Uploads = { store: UploadStore; dir: string };
type Post = Awaited<ReturnType<typeof readPosts>>[number];
type Subscriber = Awaited<ReturnType<typeof addSubscribers>>[number];
type Comment = Awaited<ReturnType<typeof listAllComments>>[number];

/**
 * The site as one zip, streamed as it is written (uploads are read one at a time): Markdown, JSON, CSV, uploads
 * and a Ghost-compatible JSON. See README above for what each holds.
 */
export async function buildExport(db: AppDatabase, uploads: Uploads, siteOrigin: string): Promise<Readable> {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  zip.addBuffer(Buffer.from(README), 'README.txt');

  const posts = await addContent(db, zip);
  const subscribers = await addSubscribers(db, zip);
  const comments = await addRecords(db, zip);
  const names = await uploads.store.list();
  const { ghostZip, images } = await addOtherPlatforms(db, zip, { posts, subscribers, comments, names, siteOrigin });

  void (async () => {
    try {
      for (const name of images) await addUpload(ghostZip, uploads, name, ghostImagePath(name).slice(1));
      ghostZip.end();
      // Files are opened only when the zip reaches them; database uploads are read one by one.
      for (const name of names) await addUpload(zip, uploads, name, `uploads/${name}`);
      zip.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

const readPosts = (db: AppDatabase) => db.selectFrom('blogPosts').selectAll().orderBy('publishedAt').execute();

/** posts/*.md, excerpts/*.md and content/*.json; resolves the posts (the other platforms' exports need them). */
async function addContent(db: AppDatabase, zip: yazl.ZipFile) {
  const posts = await readPosts(db);
  for (const post of posts) {
    const { content, ...meta } = post;
    zip.addBuffer(Buffer.from(markdownWithFrontMatter(meta, content)), `posts/${fileSafe(post.slug)}.md`);
  }
  const excerpts = await db.selectFrom('excerpts').selectAll().execute();
  for (const excerpt of excerpts) {
    const { content, ...meta } = excerpt;
    zip.addBuffer(Buffer.from(markdownWithFrontMatter(meta as never, content)), `excerpts/${fileSafe(excerpt.id)}.md`);
  }
  for (const { table, file } of CONTENT_TABLES)
    zip.addBuffer(json(await db.selectFrom(table).selectAll().execute()), `content/${file}.json`);
  return posts;
}

/** subscribers.csv; resolves the subscribers (the other platforms' exports need them). */
async function addSubscribers(db: AppDatabase, zip: yazl.ZipFile) {
  const subscribers = await db.selectFrom('newsletterSubscriptions').selectAll().orderBy('createdAt').execute();
  type Row = (typeof subscribers)[number];
  zip.addBuffer(
    Buffer.from(
      toCsv<Row>(
        [
          { header: 'email', value: (row) => row.email },
          { header: 'name', value: (row) => row.name },
          { header: 'status', value: subscriberState },
          { header: 'created_at', value: (row) => row.createdAt },
          { header: 'confirmed_at', value: (row) => row.confirmedAt },
          { header: 'unsubscribed_at', value: (row) => row.unsubscribedAt },
          { header: 'source', value: (row) => row.source },
        ],
        subscribers,
      ),
    ),
    'subscribers.csv',
  );
  return subscribers;
}

/** contact-messages.csv, preorders.csv, orders.csv and comments.json; resolves the comments (for WordPress). */
async function addRecords(db: AppDatabase, zip: yazl.ZipFile) {
  const contacts = await db.selectFrom('contactSubmissions').selectAll().orderBy('createdAt').execute();
  zip.addBuffer(Buffer.from(toCsv(columnsOf(contacts), contacts)), 'contact-messages.csv');
  const preorders = await db.selectFrom('preorders').selectAll().orderBy('createdAt').execute();
  zip.addBuffer(Buffer.from(toCsv(columnsOf(preorders), preorders)), 'preorders.csv');
  let orders = toCsv(ORDER_CSV_COLUMNS, []);
  for await (const page of allOrders(db)) orders += toCsvRows(ORDER_CSV_COLUMNS, page);
  zip.addBuffer(Buffer.from(orders), 'orders.csv');
  const comments = await listAllComments(db);
  zip.addBuffer(
    json(comments.map(({ reportCount: _reports, readerId: _reader, ...comment }) => comment)),
    'comments.json',
  );
  return comments;
}

/**
 * ghost.json, ghost-members.csv, wordpress.xml (written as the zip reaches it, a post at a time) and
 * ghost-import.zip; resolves that inner zip, still open, and the images it and wordpress.xml take along.
 */
async function addOtherPlatforms(
  db: AppDatabase,
  zip: yazl.ZipFile,
  site: { posts: Post[]; subscribers: Subscriber[]; comments: Comment[]; names: string[]; siteOrigin: string },
) {
  const { posts, subscribers, siteOrigin } = site;
  const shape = await readSiteShape(
    db,
    posts.map((post) => post.id),
  );
  // The images the posts and pages show go along to Ghost and WordPress (an original each; they make their own sizes).
  const shown = [...posts, ...shape.pages.map((page) => ({ content: page.content, coverImage: '' }))];
  const images = postImageNames(shown, new Set(site.names));
  const ghostJson = json(ghostExport(posts, shape, subscribers, siteOrigin, new Set(images)));
  zip.addBuffer(ghostJson, 'ghost.json');
  const series = await db.selectFrom('series').select(['id', 'name']).execute();
  zip.addBuffer(
    Buffer.from(ghostMembersCsv(subscribers, new Map(series.map((row) => [row.id, row.name])))),
    'ghost-members.csv',
  );
  zip.addReadStream(
    Readable.from(wordpressExport(posts, shape, siteOrigin, images, shownCommentsByPost(site.comments))),
    'wordpress.xml',
  );
  const ghostZip = new yazl.ZipFile();
  zip.addReadStream(ghostZip.outputStream, 'ghost-import.zip', { compress: false });
  ghostZip.addBuffer(ghostJson, 'ghost.json');
  return { ghostZip, images };
}

/** One upload into a zip at `at`, stored as is: a file is opened when the zip reaches it, a database one read now. */
async function addUpload(zip: yazl.ZipFile, uploads: Uploads, name: string, at: string) {
  if (uploads.store.kind === 'files') {
    zip.addFile(path.join(uploads.dir, name), at, { compress: false });
    return;
  }
  const data = await uploads.store.read(name);
  if (data) zip.addBuffer(data, at, { compress: false });
}

/** Every column of the rows, in stored order. */
function columnsOf<T extends object>(rows: readonly T[]) {
  const keys = rows.length > 0 ? (Object.keys(rows[0]!) as (keyof T & string)[]) : [];
  return keys.map((key) => ({ header: key, value: (row: T) => row[key] as string | number | null }));
}

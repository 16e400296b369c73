import { open } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { JSONParser } from '@streamparser/json';
import { csvCellText, csvField } from '../../../domain/csv.js';
import { htmlToMarkdown } from '../html-to-markdown.js';
import { ImportRefused } from '../import-refused.js';
import { legacyPathOf } from '../legacy-paths.js';
import { NdjsonFile } from '../ndjson-file.js';
import type { SourcePost, SourceTerm } from '../post-importer.js';
import { readTextChunks } from '../text-chunks.js';
import { cardMarkdown, lexicalToMarkdown } from './ghost-lexical.js';

const NOT_GHOST = 'This is not a Ghost export: use Settings → Labs → Export in Ghost and upload the .json file';

type GhostRow = Record<string, unknown>;

/** The fields of a Ghost post this site reads; the rest of the record (dozens of columns) is dropped as it is parsed. */
const POST_FIELDS = [
  'id',
  'title',
  'slug',
  'status',
  'type',
  'page',
  'html',
  'lexical',
  'mobiledoc',
  'plaintext',
  'custom_excerpt',
  'meta_description',
  'published_at',
  'feature_image',
] as const;
type GhostPost = Partial<Record<(typeof POST_FIELDS)[number], unknown>>;
const MEMBER_FIELDS = ['id', 'email', 'name', 'status', 'created_at', 'subscribed', 'email_disabled'] as const;
type GhostMember = Partial<Record<(typeof MEMBER_FIELDS)[number], unknown>>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const STATUSES: Record<string, SourcePost['status']> = {
  published: 'published',
  draft: 'draft',
  scheduled: 'scheduled',
};

const pick = <K extends string>(row: GhostRow, fields: readonly K[]): Partial<Record<K, unknown>> => {
  const picked: Partial<Record<K, unknown>> = {};
  for (const field of fields) if (Object.hasOwn(row, field)) picked[field] = row[field];
  return picked;
};

/** A Ghost image address: `__GHOST_URL__` stands for the old site's own address, which is gone. */
const imageOf = (value: unknown): string | null => text(value).replace('__GHOST_URL__', '') || null;

function markdownOf(post: GhostPost): string | undefined {
  if (text(post.html)) return undefined;
  try {
    if (text(post.lexical)) return lexicalToMarkdown(text(post.lexical), htmlToMarkdown);
    if (text(post.mobiledoc)) {
      const doc = JSON.parse(text(post.mobiledoc)) as { cards?: [string, Parameters<typeof cardMarkdown>[1]][] };
      return (doc.cards ?? [])
        .map(([type, payload]) => cardMarkdown(type, payload ?? {}, htmlToMarkdown))
        .filter((markdown) => markdown.trim() !== '')
        .join('\n\n');
    }
  } catch {
    return '';
  }
  return text(post.plaintext);
}

function toSourcePost(post: GhostPost, terms: { categories: SourceTerm[]; tags: SourceTerm[] }): SourcePost {
  const id = text(post.id);
  const slug = text(post.slug) || null;
  const status = text(post.status);
  const isPage = post.type === 'page' || post.page === true || post.page === 1;
  const html = text(post.html).replaceAll('__GHOST_URL__', '');
  const markdown = markdownOf(post);
  return {
    sourceId: id,
    type: isPage ? 'page' : 'post',
    title: text(post.title),
    slug,
    html,
    ...(markdown === undefined ? {} : { markdown: markdown.replaceAll('__GHOST_URL__', '') }),
    excerpt: text(post.custom_excerpt),
    ...(text(post.meta_description) ? { metaDescription: text(post.meta_description) } : {}),
    status: STATUSES[status] ?? 'other',
    statusLabel: status,
    date: text(post.published_at) ? new Date(text(post.published_at)).toISOString() : null,
    ...terms,
    featuredImage: imageOf(post.feature_image),
    legacyPaths: slug ? [legacyPathOf(`/${slug}/`)].filter((p): p is string => p !== null) : [],
  };
}

/**
 * What a pass over the export keeps in memory: the small maps that relate posts to tags and members to newsletters
 * (Ghost may write them after the posts and members they name). Posts and members go to scratch files.
 */
class GhostTables {
  readonly tagNames = new Map<string, SourceTerm>();
  /** Each post's tags with their place (Ghost's sort_order: the first is the primary tag). */
  readonly tagsOfPost = new Map<string, Array<{ tagId: string; order: number }>>();
  /** Members who take a newsletter, or null when the export has no members_newsletters table (Ghost 4). */
  subscribedMembers: Set<string> | null = null;
  posts = 0;
  members = 0;
  isGhost = false;

  constructor(
    readonly postsFile: NdjsonFile<GhostPost>,
    readonly membersFile: NdjsonFile<GhostMember>,
  ) {}

  async add(table: string, row: GhostRow): Promise<void> {
    if (table === 'posts') {
      this.posts += 1;
      await this.postsFile.write(pick(row, POST_FIELDS));
    } else if (table === 'members') {
      this.members += 1;
      await this.membersFile.write(pick(row, MEMBER_FIELDS));
    } else if (table === 'tags') {
      const slug = text(row.slug);
      this.tagNames.set(text(row.id), { label: text(row.name), ...(slug ? { slug } : {}) });
    } else if (table === 'posts_tags') {
      const list = this.tagsOfPost.get(text(row.post_id)) ?? [];
      list.push({ tagId: text(row.tag_id), order: Number(row.sort_order) || 0 });
      this.tagsOfPost.set(text(row.post_id), list);
    } else if (table === 'members_newsletters') {
      (this.subscribedMembers ??= new Set()).add(text(row.member_id));
    }
  }

  /**
   * A post's public tags in Ghost's order: the primary tag (the first) is its category here, the others its tags.
   * Internal tags (#name) are Ghost's own machinery, left out.
   */
  termsOf(postId: string): { categories: SourceTerm[]; tags: SourceTerm[] } {
    const terms = [...(this.tagsOfPost.get(postId) ?? [])]
      .sort((a, b) => a.order - b.order)
      .map(({ tagId }) => this.tagNames.get(tagId))
      .filter((term): term is SourceTerm => !!term && term.label.trim() !== '' && !term.label.startsWith('#'));
    return { categories: terms.slice(0, 1), tags: terms.slice(1) };
  }

  memberStatusOf(member: GhostMember): 'subscribed' | 'unsubscribed' {
    const off =
      member.subscribed === false ||
      member.email_disabled === true ||
      member.status === 'unsubscribed' ||
      (this.subscribedMembers !== null && member.subscribed !== true && !this.subscribedMembers.has(text(member.id)));
    return off ? 'unsubscribed' : 'subscribed';
  }
}

/** A table's rows: `{db:[{data:{<table>:[…]}}]}` (Ghost 4–6) or `{data:{<table>:[…]}}` (older). */
const ROW_PATHS = ['$.db.*.data.*.*', '$.data.*.*'];

type Parsed = { table: string; row: GhostRow };

/**
 * Reads the export once, a chunk at a time, with a streaming JSON parser: only one row is whole in memory at a
 * time (besides the tag and newsletter maps); the event loop gets a turn after each chunk, so the site answers
 * other requests during a big export's dry run. A "__proto__" key is kept as a plain property (the parser
 * defines it rather than assigning it) and never read.
 */
async function readTables(file: string, tables: GhostTables): Promise<void> {
  const parser = new JSONParser({ paths: ROW_PATHS, keepStack: false });
  const parsed: Parsed[] = [];
  let refused = false;
  parser.onValue = ({ value, parent, stack }) => {
    const table = stack.at(-1)?.key;
    if (typeof table !== 'string' || !Array.isArray(parent)) {
      // `posts` must be a list of rows; any other table that is not one is ignored, as before.
      if (table === 'posts') refused = true;
      return;
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) parsed.push({ table, row: value as GhostRow });
  };
  try {
    for await (const chunk of readTextChunks(file)) {
      parser.write(chunk);
      if (refused) throw new ImportRefused(NOT_GHOST);
      for (const { table, row } of parsed.splice(0)) {
        tables.isGhost = true;
        await tables.add(table, row);
      }
      await turn();
    }
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    throw new ImportRefused(NOT_GHOST);
  }
  // The parser ends by itself after the root value; a file cut short never does.
  if (!parser.isEnded || !tables.isGhost) throw new ImportRefused(NOT_GHOST);
}

const MEMBER_COLUMNS = ['email', 'name', 'status', 'created_at'] as const;
/** Characters of CSV gathered before a write. */
const CSV_WRITE_CHARS = 64 * 1024;

/** Members as a CSV the subscriber import reads: unsubscribed when Ghost says they take no newsletter. */
async function writeMembersCsv(tables: GhostTables, into: string): Promise<void> {
  const handle = await open(into, 'w');
  try {
    let pending = `${MEMBER_COLUMNS.join(',')}\r\n`;
    for await (const member of tables.membersFile.read()) {
      const row = {
        email: text(member.email),
        name: text(member.name),
        status: tables.memberStatusOf(member),
        created_at: text(member.created_at),
      };
      pending += MEMBER_COLUMNS.map((column) => csvField(csvCellText(row[column]))).join(',') + '\r\n';
      if (pending.length >= CSV_WRITE_CHARS) {
        await handle.write(pending);
        pending = '';
      }
    }
    await handle.write(pending);
  } finally {
    await handle.close();
  }
}

/**
 * A Ghost JSON export (versions 4–6): its posts, and its members as subscribers. The file is parsed once, as a
 * stream; its posts (the fields read) and members go to scratch files and are read back from there, so a 150 MB
 * export is never whole in memory, whatever order its tables come in.
 */
export async function readGhostExport(file: string, scratch: string) {
  const tables = new GhostTables(
    new NdjsonFile<GhostPost>(path.join(scratch, 'ghost-posts.ndjson')),
    new NdjsonFile<GhostMember>(path.join(scratch, 'ghost-members.ndjson')),
  );
  try {
    await readTables(file, tables);
  } finally {
    await tables.postsFile.close();
    await tables.membersFile.close();
  }
  let subscribersCsv: string | undefined;
  if (tables.members > 0) {
    subscribersCsv = path.join(scratch, 'ghost-members.csv');
    await writeMembersCsv(tables, subscribersCsv);
  }
  return {
    posts: async function* (): AsyncGenerator<SourcePost> {
      for await (const post of tables.postsFile.read()) yield toSourcePost(post, tables.termsOf(text(post.id)));
    },
    subscribersCsv,
    subscribersService: 'ghost',
  };
}

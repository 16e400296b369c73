import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import secureJsonParse from 'secure-json-parse';
import { toCsv } from '../../../domain/csv.js';
import { htmlToMarkdown } from '../html-to-markdown.js';
import { ImportRefused } from '../import-refused.js';
import { legacyPathOf } from '../legacy-paths.js';
import type { SourcePost } from '../post-importer.js';
import { lexicalToMarkdown } from './ghost-lexical.js';

const NOT_GHOST = 'This is not a Ghost export: use Settings → Labs → Export in Ghost and upload the .json file';
/** A Ghost export is read whole (JSON); larger ones are refused rather than filling the memory. */
const MAX_GHOST_BYTES = 200 * 1024 * 1024;

type GhostRow = Record<string, unknown>;
type GhostData = {
  posts?: GhostRow[];
  tags?: GhostRow[];
  posts_tags?: GhostRow[];
  members?: GhostRow[];
  members_newsletters?: GhostRow[];
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const STATUSES: Record<string, SourcePost['status']> = {
  published: 'published',
  draft: 'draft',
  scheduled: 'scheduled',
};

function dataOf(json: unknown): GhostData {
  const root = json as { db?: { data?: GhostData }[]; data?: GhostData } | null;
  const data = root?.db?.[0]?.data ?? root?.data;
  if (!data || typeof data !== 'object' || !Array.isArray(data.posts)) throw new ImportRefused(NOT_GHOST);
  return data;
}

/** A Ghost image address: `__GHOST_URL__` stands for the old site's own address, which is gone. */
const imageOf = (value: unknown): string | null => text(value).replace('__GHOST_URL__', '') || null;

function markdownOf(post: GhostRow): string | undefined {
  if (text(post.html)) return undefined;
  try {
    if (text(post.lexical)) return lexicalToMarkdown(text(post.lexical), htmlToMarkdown);
    if (text(post.mobiledoc)) {
      const doc = JSON.parse(text(post.mobiledoc)) as { cards?: [string, { markdown?: string; html?: string }][] };
      return (doc.cards ?? [])
        .map(([, payload]) => payload.markdown ?? htmlToMarkdown(payload.html ?? ''))
        .join('\n\n');
    }
  } catch {
    return '';
  }
  return text(post.plaintext);
}

function postsOf(data: GhostData): SourcePost[] {
  const tagNames = new Map((data.tags ?? []).map((tag) => [text(tag.id), text(tag.name)]));
  const tagsOfPost = new Map<string, string[]>();
  for (const link of data.posts_tags ?? []) {
    const list = tagsOfPost.get(text(link.post_id)) ?? [];
    const name = tagNames.get(text(link.tag_id));
    if (name && !name.startsWith('#')) list.push(name);
    tagsOfPost.set(text(link.post_id), list);
  }
  return (data.posts ?? []).map((post) => {
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
      status: STATUSES[status] ?? 'other',
      statusLabel: status,
      date: text(post.published_at) ? new Date(text(post.published_at)).toISOString() : null,
      categories: tagsOfPost.get(id) ?? [],
      featuredImage: imageOf(post.feature_image),
      legacyPaths: slug ? [legacyPathOf(`/${slug}/`)].filter((p): p is string => p !== null) : [],
    } satisfies SourcePost;
  });
}

type MemberRow = { email: string; name: string; status: string; created_at: string };

/** Members as a CSV the subscriber import reads: unsubscribed when Ghost says they take no newsletter. */
function membersCsv(data: GhostData): string {
  const subscribed = data.members_newsletters
    ? new Set(data.members_newsletters.map((row) => text(row.member_id)))
    : null;
  const rows: MemberRow[] = (data.members ?? []).map((member) => {
    const off =
      member.subscribed === false ||
      member.email_disabled === true ||
      member.status === 'unsubscribed' ||
      (subscribed !== null && member.subscribed !== true && !subscribed.has(text(member.id)));
    return {
      email: text(member.email),
      name: text(member.name),
      status: off ? 'unsubscribed' : 'subscribed',
      created_at: text(member.created_at),
    };
  });
  return toCsv(
    (['email', 'name', 'status', 'created_at'] as const).map((header) => ({
      header,
      value: (row: MemberRow) => row[header],
    })),
    rows,
  );
}

/** A Ghost JSON export (versions 4–6): its posts, and its members as subscribers. */
export async function readGhostExport(file: string, scratch: string) {
  if ((await stat(file)).size > MAX_GHOST_BYTES)
    throw new ImportRefused('This Ghost export is larger than 200 MB', 413);
  let json: unknown;
  try {
    json = secureJsonParse.parse(await readFile(file, 'utf8'), undefined, {
      protoAction: 'remove',
      constructorAction: 'remove',
    });
  } catch {
    throw new ImportRefused(NOT_GHOST);
  }
  const data = dataOf(json);
  const posts = postsOf(data);
  let subscribersCsv: string | undefined;
  if ((data.members ?? []).length > 0) {
    subscribersCsv = path.join(scratch, 'ghost-members.csv');
    await writeFile(subscribersCsv, membersCsv(data));
  }
  return {
    posts: async function* () {
      yield* posts;
    },
    subscribersCsv,
    subscribersService: 'ghost',
  };
}

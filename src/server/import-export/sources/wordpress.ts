import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { COMMENT_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from '../../../domain/comments.js';
import { renderContentText } from '../../content/rendering/render-content.js';
import { htmlToMarkdown, paragraphsOfClassicText } from '../html-to-markdown.js';
import { ImportRefused } from '../import-refused.js';
import { detachedCopy } from '../detached-text.js';
import { legacyPathOf } from '../legacy-paths.js';
import { readTextChunks } from '../text-chunks.js';
import type { SourceComment, SourcePost, SourceTerm } from '../post-importer.js';
import { expandShortcodes } from '../wordpress-shortcodes.js';

const NOT_WORDPRESS = 'This is not a WordPress export: use Tools → Export in WordPress and upload the .xml file';
const DOCTYPE_REFUSED =
  'This XML file declares a DOCTYPE, which WordPress exports never do: it was refused (entity declarations can be an attack)';

/** A title is HTML in WordPress (`<em>With</em> markup`, `&#8217;`): the text a reader sees of it. */
function titleText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return renderContentText(htmlToMarkdown(html), 'markdown').replace(/\s+/g, ' ').trim();
}

/** Attachments seen so far (id → file address): featured images and galleries name them by id. */
export type WordPressAttachments = Map<string, string>;
/**
 * The old addresses of attachment pages (`/2019/05/post/photo/`, `/?attachment_id=12`) by the id of the post they
 * belong to: once the posts are written, they lead to it (the attachment may come before or after its post).
 */
export type WordPressAttachmentPages = Map<string, string[]>;

type RawItem = {
  fields: Map<string, string>;
  categories: SourceTerm[];
  tags: SourceTerm[];
  meta: Map<string, string>;
  /** Each `wp:comment`'s fields (`wp:comment_id`, `wp:comment_parent`, …). */
  comments: Map<string, string>[];
};

const STATUSES: Record<string, SourcePost['status']> = { publish: 'published', draft: 'draft', future: 'scheduled' };
/** WordPress's internal records, never content: not even listed as skipped. */
const SILENT_TYPES = new Set([
  'attachment',
  'nav_menu_item',
  'revision',
  'custom_css',
  'customize_changeset',
  'oembed_cache',
  'user_request',
  'wp_block',
  'wp_template',
  'wp_template_part',
  'wp_global_styles',
  'wp_navigation',
  'wp_font_family',
  'wp_font_face',
]);

/**
 * The long texts of an item, used once (converted, then dropped) and so not copied: a copy of each would be
 * another 100 MB of buffers for a 100 MB export. Every other field is kept as a detached copy (titles, slugs and
 * ids outlive their item), not as slices of the chunks read.
 */
const USED_ONCE = new Set(['content:encoded', 'excerpt:encoded']);

/** "2019-05-14 09:30:00" (UTC) → ISO; WordPress writes zeros for "never". */
function isoOf(gmt: string | undefined, local: string | undefined): string | null {
  for (const value of [gmt, local]) {
    if (!value || value.startsWith('0000')) continue;
    const date = new Date(`${value.trim().replace(' ', 'T')}Z`);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  return null;
}

/**
 * A post's approved comments (not pingbacks or trackbacks), one level deep: a reply to a reply hangs under its
 * top-level ancestor (a reply to an unapproved comment, under the nearest approved one above it, else at the top).
 * The author's name only: their address, link and IP stay behind.
 */
function sourceComments(raw: readonly Map<string, string>[]): SourceComment[] {
  const field = (comment: Map<string, string>, name: string) => (comment.get(`wp:comment_${name}`) ?? '').trim();
  const parentOf = new Map<string, string>();
  const approved = new Set<string>();
  const kept: Map<string, string>[] = [];
  for (const comment of raw) {
    const id = field(comment, 'id');
    if (!id) continue;
    parentOf.set(id, field(comment, 'parent'));
    const type = field(comment, 'type');
    if (field(comment, 'approved') !== '1' || (type !== '' && type !== 'comment')) continue;
    approved.add(id);
    kept.push(comment);
  }
  /** The topmost approved comment above `id` (none: null); a loop in the file ends the walk. */
  const topOf = (id: string): string | null => {
    let top: string | null = null;
    const seen = new Set([id]);
    for (let at = parentOf.get(id); at && at !== '0' && !seen.has(at); at = parentOf.get(at)) {
      seen.add(at);
      if (approved.has(at)) top = at;
    }
    return top;
  };
  const comments: SourceComment[] = [];
  for (const comment of kept) {
    const body = htmlToMarkdown(paragraphsOfClassicText(field(comment, 'content')))
      .slice(0, COMMENT_MAX_LENGTH)
      .trim();
    if (!body) continue;
    const id = field(comment, 'id');
    comments.push({
      sourceId: id,
      parentSourceId: topOf(id),
      authorName: titleText(field(comment, 'author')).slice(0, DISPLAY_NAME_MAX_LENGTH) || 'A reader',
      body,
      date: isoOf(field(comment, 'date_gmt'), field(comment, 'date')),
    });
  }
  // A reply whose top-level comment had no words to keep goes to the top.
  const ids = new Set(comments.map((comment) => comment.sourceId));
  return comments.map((comment) =>
    comment.parentSourceId && !ids.has(comment.parentSourceId) ? { ...comment, parentSourceId: null } : comment,
  );
}

function toSourcePost(
  raw: RawItem,
  attachments: WordPressAttachments,
  pages?: WordPressAttachmentPages,
): SourcePost | null {
  const field = (name: string) => raw.fields.get(name) ?? '';
  const type = field('wp:post_type') || 'post';
  const id = field('wp:post_id').trim();
  if (type === 'attachment') {
    const url = field('wp:attachment_url').trim() || field('guid').trim();
    if (id && url) attachments.set(id, url);
    const parent = field('wp:post_parent').trim();
    if (pages && id && /^[1-9]\d*$/.test(parent)) {
      const paths = [legacyPathOf(field('link')), `/?p=${id}`].filter((path): path is string => path !== null);
      pages.set(parent, [...(pages.get(parent) ?? []), ...paths]);
    }
    return null;
  }
  if (SILENT_TYPES.has(type)) return null;
  const status = field('wp:status').trim();
  const notPublic =
    status === 'private'
      ? 'private on WordPress: arrives as a draft (the import never publishes it)'
      : field('wp:post_password').trim()
        ? 'password-protected on WordPress (this site has no post passwords): arrives as a draft; publish it only if everyone may read it'
        : undefined;
  const thumbnail = raw.meta.get('_thumbnail_id');
  const legacyPaths = [legacyPathOf(field('link')), id ? `/?p=${id}` : null].filter(
    (path): path is string => path !== null,
  );
  return {
    sourceId: id || field('guid'),
    type: type === 'page' ? 'page' : 'post',
    title: titleText(field('title')),
    slug: field('wp:post_name').trim() || null,
    html: expandShortcodes(paragraphsOfClassicText(field('content:encoded')), attachments),
    excerpt: field('excerpt:encoded'),
    status: status === 'private' ? 'draft' : (STATUSES[status] ?? 'other'),
    statusLabel: status,
    date: isoOf(field('wp:post_date_gmt'), field('wp:post_date')),
    categories: raw.categories,
    tags: raw.tags,
    featuredImage: thumbnail ? (attachments.get(thumbnail.trim()) ?? null) : null,
    legacyPaths: [...new Set(legacyPaths)],
    ...(type === 'page' && /^[1-9]\d*$/.test(field('wp:post_parent').trim())
      ? { parentSourceId: field('wp:post_parent').trim() }
      : {}),
    ...(notPublic ? { notPublic } : {}),
    ...(raw.comments.length > 0 ? { comments: sourceComments(raw.comments) } : {}),
    ...(type === 'post' || type === 'page' ? {} : { skipReason: `post type "${type}" is not a blog post` }),
  };
}

/**
 * The posts and pages of a WordPress export (WXR 1.1/1.2), read as a stream with saxes, one item at a time: a
 * 100 MB export is never held whole. Any DOCTYPE is refused (saxes expands no custom or external entity
 * anyway), and so is a file that is not a WordPress export or ends before its last tag.
 */
export async function* readWordPressExport(
  file: string,
  attachments: WordPressAttachments,
  pages?: WordPressAttachmentPages,
): AsyncGenerator<SourcePost> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const ready: SourcePost[] = [];
  const stack: string[] = [];
  let isWordPress = false;
  let item: RawItem | null = null;
  let itemDepth = -1;
  let text = '';
  let metaKey = '';
  let metaValue = '';
  /** The taxonomy and slug of the <category> being read. */
  let termOf: 'category' | 'post_tag' | null = null;
  let termSlug = '';
  let failure: ImportRefused | null = null;

  parser.on('doctype', () => {
    failure ??= new ImportRefused(DOCTYPE_REFUSED);
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (stack.length === 0 && tag.name !== 'rss') failure ??= new ImportRefused(NOT_WORDPRESS);
    stack.push(tag.name);
    const depth = stack.length;
    if (tag.name === 'item' && stack[depth - 2] === 'channel') {
      item = { fields: new Map(), categories: [], tags: [], meta: new Map(), comments: [] };
      itemDepth = depth;
    } else if (item && depth === itemDepth + 1) {
      text = '';
      if (tag.name === 'wp:comment') item.comments.push(new Map());
      // <category domain="category|post_tag" nicename="slug">Name</category>; other taxonomies are left out.
      if (tag.name === 'category') {
        const domain = String(tag.attributes.domain ?? '');
        termOf = domain === 'category' || domain === 'post_tag' ? domain : null;
        termSlug = String(tag.attributes.nicename ?? '');
      }
    } else if (item && depth === itemDepth + 2) {
      text = '';
    }
  });
  const onText = (chunk: string) => {
    if (item && (stack.length === itemDepth + 1 || stack.length === itemDepth + 2)) text += chunk;
    else if (stack.at(-1) === 'wp:wxr_version') isWordPress = true;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    const depth = stack.length;
    if (item && depth === itemDepth) {
      const post = toSourcePost(item, attachments, pages);
      if (post) ready.push(post);
      item = null;
    } else if (item && depth === itemDepth + 1) {
      if (tag.name === 'category') {
        const label = text.trim();
        const term = { label: detachedCopy(label), ...(termSlug ? { slug: detachedCopy(termSlug) } : {}) };
        if (label && termOf === 'category') item.categories.push(term);
        else if (label && termOf === 'post_tag') item.tags.push(term);
      } else if (tag.name === 'wp:postmeta') {
        item.meta.set(metaKey, metaValue);
      } else if (tag.name === 'wp:comment') {
        // Its fields are kept as they close (below).
      } else if (!item.fields.has(tag.name)) {
        item.fields.set(tag.name, USED_ONCE.has(tag.name) ? text : detachedCopy(text));
      }
    } else if (item && depth === itemDepth + 2 && stack[itemDepth] === 'wp:postmeta') {
      if (tag.name === 'wp:meta_key') metaKey = text.trim();
      if (tag.name === 'wp:meta_value') metaValue = detachedCopy(text);
    } else if (item && depth === itemDepth + 2 && stack[itemDepth] === 'wp:comment') {
      if (tag.name.startsWith('wp:comment_')) item.comments.at(-1)?.set(tag.name, detachedCopy(text));
    }
    stack.pop();
  });

  /** What the author is told: a DOCTYPE first (saxes may stop at its undefined entity before), then the parser's words. */
  const refuse = (error: unknown): ImportRefused => {
    if (failure) return failure;
    if (error instanceof ImportRefused) return error;
    return new ImportRefused(`The WordPress export could not be read: ${(error as Error).message.split('\n')[0]}`);
  };
  try {
    for await (const chunk of readTextChunks(file)) {
      parser.write(chunk);
      if (failure) throw failure;
      if (!isWordPress && ready.length > 0) throw new ImportRefused(NOT_WORDPRESS);
      yield* ready.splice(0);
    }
    parser.close();
  } catch (error) {
    throw refuse(error);
  }
  if (failure) throw failure;
  if (!isWordPress) throw new ImportRefused(NOT_WORDPRESS);
  yield* ready.splice(0);
}

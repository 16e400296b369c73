import type { BlogPostRow } from '../../db/schema.js';
import { renderContentHtml } from '../../content/rendering/render-content.js';
import type { ContentFormat } from '../../../domain/content-format.js';
import { blogPostPath } from '../../../domain/content-links.js';
import type { CommentRow } from '../../comments/comments-repository.js';
import { postImageNames, uploadNameOf } from './post-images.js';
import { exportedCategories, exportedTags, type SiteShape } from './site-shape.js';
import { wxrComments } from './wxr-comments.js';

/** WordPress's own words for a post's state. */
const WP_STATUS: Record<string, string> = { published: 'publish', draft: 'draft', scheduled: 'future' };
const AUTHOR_LOGIN = 'author';

/** Text as WordPress writes it (wxr_cdata): in CDATA, a `]]>` inside split across two sections. */
const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
/** Characters XML 1.0 does not allow, even in CDATA. */
// eslint-disable-next-line no-control-regex
const xmlSafe = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
const escapeXml = (text: string) =>
  xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const text = (value: string) => cdata(xmlSafe(value));
/** "2019-05-14 09:30:00" (UTC), WordPress's date form. */
const wpDate = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

type ExportedPage = SiteShape['pages'][number];

/**
 * Every item's WordPress id and where each image's attachment sits. Attachments come first, as WordPress numbers
 * them when they are uploaded before the post that shows them: an importer reading the file once knows a cover's
 * file when it reaches the post (WordPress's own remaps them after). A cover elsewhere on the web is an attachment
 * too (WordPress's featured image is one), at its own address.
 */
type Numbering = {
  /** The address of a post's cover (an upload on this site, or a web address), or null. */
  coverUrl: (post: BlogPostRow) => string | null;
  attachmentUrls: string[];
  attachmentIds: Map<string, number>;
  postIds: Map<string, number>;
  pageIds: Map<string, number>;
  /** The first post (else page) that shows an image: its attachment's parent. */
  parentOf: Map<string, number>;
};

/** What each item of one export is written with. */
type Export = {
  origin: string;
  now: Date;
  numbering: Numbering;
  shape: SiteShape;
  categoryLabels: Map<string, string>;
};

function numberItems(
  posts: readonly BlogPostRow[],
  pages: readonly ExportedPage[],
  origin: string,
  images: readonly string[],
): Numbering {
  const imageNames = new Set(images);
  const coverUrl = (post: BlogPostRow) => {
    const name = uploadNameOf(post.coverImage, imageNames);
    if (name) return `${origin}/objects/${name}`;
    return /^https?:\/\//i.test(post.coverImage) ? post.coverImage : null;
  };
  const attachmentUrls = [
    ...new Set([
      ...images.map((name) => `${origin}/objects/${name}`),
      ...posts.map(coverUrl).filter((url): url is string => url !== null),
    ]),
  ];
  const attachmentIds = new Map(attachmentUrls.map((url, index) => [url, index + 1]));
  const postIds = new Map(posts.map((post, index) => [post.id, attachmentUrls.length + index + 1]));
  const pageIds = new Map(pages.map((page, index) => [page.id, attachmentUrls.length + posts.length + index + 1]));
  const parentOf = new Map<string, number>();
  for (const post of posts) {
    const shown = postImageNames([post], imageNames).map((name) => `${origin}/objects/${name}`);
    for (const url of [coverUrl(post), ...shown])
      if (url && !parentOf.has(url)) parentOf.set(url, postIds.get(post.id)!);
  }
  for (const page of pages)
    for (const name of postImageNames([{ content: page.content, coverImage: '' }], imageNames)) {
      const url = `${origin}/objects/${name}`;
      if (!parentOf.has(url)) parentOf.set(url, pageIds.get(page.id)!);
    }
  return { coverUrl, attachmentUrls, attachmentIds, postIds, pageIds, parentOf };
}

const item = (lines: readonly string[]) => Buffer.from(['\t<item>', ...lines, '\t</item>', ''].join('\n'));

/** The file's opening: the channel, its author, the categories and the tags. */
function channelHead(
  origin: string,
  now: Date,
  categories: readonly { slug: string; label: string }[],
  tags: readonly { slug: string; label: string }[],
): Buffer {
  return Buffer.from(
    [
      '<?xml version="1.0" encoding="UTF-8" ?>',
      '<!-- This is a WordPress eXtended RSS file generated as an export of your site. -->',
      '<!-- To import it into WordPress: Tools → Import → WordPress, then upload this file. -->',
      '<rss version="2.0"',
      '\txmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"',
      '\txmlns:content="http://purl.org/rss/1.0/modules/content/"',
      '\txmlns:wfw="http://wellformedweb.org/CommentAPI/"',
      '\txmlns:dc="http://purl.org/dc/elements/1.1/"',
      '\txmlns:wp="http://wordpress.org/export/1.2/"',
      '>',
      '<channel>',
      `\t<title>${escapeXml(origin)}</title>`,
      `\t<link>${escapeXml(origin)}</link>`,
      '\t<description></description>',
      `\t<pubDate>${rfc2822(now)}</pubDate>`,
      '\t<language>en</language>',
      '\t<wp:wxr_version>1.2</wp:wxr_version>',
      `\t<wp:base_site_url>${escapeXml(origin)}</wp:base_site_url>`,
      `\t<wp:base_blog_url>${escapeXml(origin)}</wp:base_blog_url>`,
      `\t<wp:author><wp:author_id>1</wp:author_id><wp:author_login>${cdata(AUTHOR_LOGIN)}</wp:author_login><wp:author_email>${cdata('')}</wp:author_email><wp:author_display_name>${cdata('Author')}</wp:author_display_name><wp:author_first_name>${cdata('')}</wp:author_first_name><wp:author_last_name>${cdata('')}</wp:author_last_name></wp:author>`,
      ...categories.map(
        (category, index) =>
          `\t<wp:category><wp:term_id>${index + 1}</wp:term_id><wp:category_nicename>${cdata(category.slug)}</wp:category_nicename><wp:category_parent>${cdata('')}</wp:category_parent><wp:cat_name>${text(category.label)}</wp:cat_name></wp:category>`,
      ),
      ...tags.map(
        (tag, index) =>
          `\t<wp:tag><wp:term_id>${categories.length + index + 1}</wp:term_id><wp:tag_slug>${cdata(tag.slug)}</wp:tag_slug><wp:tag_name>${text(tag.label)}</wp:tag_name></wp:tag>`,
      ),
      "\t<generator>This site's export (WXR 1.2)</generator>",
      '',
    ].join('\n'),
  );
}

/** An uploaded image (or a cover on the web) as a WordPress attachment, under the first item that shows it. */
function attachmentItem({ now, numbering }: Export, url: string): Buffer {
  const file = fileNameOf(url);
  const stamp = wpDate(now.toISOString());
  return item([
    `\t\t<title>${text(file.replace(/\.[^.]+$/, ''))}</title>`,
    `\t\t<link>${escapeXml(url)}</link>`,
    `\t\t<pubDate>${rfc2822(now)}</pubDate>`,
    `\t\t<dc:creator>${cdata(AUTHOR_LOGIN)}</dc:creator>`,
    `\t\t<guid isPermaLink="false">${escapeXml(url)}</guid>`,
    '\t\t<description></description>',
    `\t\t<content:encoded>${cdata('')}</content:encoded>`,
    `\t\t<excerpt:encoded>${cdata('')}</excerpt:encoded>`,
    `\t\t<wp:post_id>${numbering.attachmentIds.get(url)}</wp:post_id>`,
    ...datesOf(stamp, stamp),
    `\t\t<wp:comment_status>${cdata('closed')}</wp:comment_status>`,
    `\t\t<wp:ping_status>${cdata('closed')}</wp:ping_status>`,
    `\t\t<wp:post_name>${cdata(file.replace(/\.[^.]+$/, '').toLowerCase())}</wp:post_name>`,
    `\t\t<wp:status>${cdata('inherit')}</wp:status>`,
    `\t\t<wp:post_parent>${numbering.parentOf.get(url) ?? 0}</wp:post_parent>`,
    '\t\t<wp:menu_order>0</wp:menu_order>',
    `\t\t<wp:post_type>${cdata('attachment')}</wp:post_type>`,
    `\t\t<wp:post_password>${cdata('')}</wp:post_password>`,
    '\t\t<wp:is_sticky>0</wp:is_sticky>',
    `\t\t<wp:attachment_url>${cdata(url)}</wp:attachment_url>`,
    ...postmeta('_wp_attached_file', file),
  ]);
}

/** A post with its HTML, category, tags, cover and shown comments (numbered from `firstCommentId`). */
function postItem(
  { origin, numbering, shape, categoryLabels }: Export,
  post: BlogPostRow,
  shown: readonly CommentRow[],
  firstCommentId: number,
): Buffer {
  const id = numbering.postIds.get(post.id)!;
  const date = wpDate(post.publishedAt);
  const html = renderContentHtml(post.content, post.contentFormat as ContentFormat, {
    siteOrigin: origin,
    absoluteUrls: true,
  });
  const cover = numbering.coverUrl(post);
  return item([
    `\t\t<title>${text(post.title)}</title>`,
    `\t\t<link>${escapeXml(`${origin}${blogPostPath(post)}`)}</link>`,
    `\t\t<pubDate>${rfc2822(new Date(post.publishedAt))}</pubDate>`,
    `\t\t<dc:creator>${cdata(AUTHOR_LOGIN)}</dc:creator>`,
    `\t\t<guid isPermaLink="false">${escapeXml(`${origin}/?p=${id}`)}</guid>`,
    '\t\t<description></description>',
    `\t\t<content:encoded>${text(html)}</content:encoded>`,
    `\t\t<excerpt:encoded>${text(post.summary)}</excerpt:encoded>`,
    `\t\t<wp:post_id>${id}</wp:post_id>`,
    // A draft has no publication date yet: WordPress writes zeros.
    ...datesOf(date, post.status === 'draft' ? '0000-00-00 00:00:00' : date),
    `\t\t<wp:comment_status>${cdata('closed')}</wp:comment_status>`,
    `\t\t<wp:ping_status>${cdata('closed')}</wp:ping_status>`,
    `\t\t<wp:post_name>${cdata(post.slug)}</wp:post_name>`,
    `\t\t<wp:status>${cdata(WP_STATUS[post.status] ?? 'draft')}</wp:status>`,
    '\t\t<wp:post_parent>0</wp:post_parent>',
    '\t\t<wp:menu_order>0</wp:menu_order>',
    `\t\t<wp:post_type>${cdata('post')}</wp:post_type>`,
    `\t\t<wp:post_password>${cdata('')}</wp:post_password>`,
    '\t\t<wp:is_sticky>0</wp:is_sticky>',
    `\t\t<category domain="category" nicename="${escapeXml(post.category)}">${text(categoryLabels.get(post.category)!)}</category>`,
    ...(shape.tagsOf.get(post.id) ?? []).map(
      (tag) => `\t\t<category domain="post_tag" nicename="${escapeXml(tag.slug)}">${text(tag.label)}</category>`,
    ),
    ...(cover ? postmeta('_thumbnail_id', String(numbering.attachmentIds.get(cover))) : []),
    ...wxrComments(shown, firstCommentId, { cdata, text, date: wpDate }),
  ]);
}

/** One of the author's pages, under its parent page's item (written before it). */
function pageItem({ origin, numbering }: Export, page: ExportedPage): Buffer {
  const id = numbering.pageIds.get(page.id)!;
  const date = wpDate(page.publishedAt);
  const html = renderContentHtml(page.content, page.contentFormat as ContentFormat, {
    siteOrigin: origin,
    absoluteUrls: true,
  });
  return item([
    `\t\t<title>${text(page.title)}</title>`,
    `\t\t<link>${escapeXml(`${origin}${page.path ?? `/?page_id=${id}`}`)}</link>`,
    `\t\t<pubDate>${rfc2822(new Date(page.publishedAt))}</pubDate>`,
    `\t\t<dc:creator>${cdata(AUTHOR_LOGIN)}</dc:creator>`,
    `\t\t<guid isPermaLink="false">${escapeXml(`${origin}/?page_id=${id}`)}</guid>`,
    '\t\t<description></description>',
    `\t\t<content:encoded>${text(html)}</content:encoded>`,
    `\t\t<excerpt:encoded>${cdata('')}</excerpt:encoded>`,
    `\t\t<wp:post_id>${id}</wp:post_id>`,
    ...datesOf(date, page.status === 'draft' ? '0000-00-00 00:00:00' : date),
    `\t\t<wp:comment_status>${cdata('closed')}</wp:comment_status>`,
    `\t\t<wp:ping_status>${cdata('closed')}</wp:ping_status>`,
    `\t\t<wp:post_name>${cdata(page.slug)}</wp:post_name>`,
    `\t\t<wp:status>${cdata(WP_STATUS[page.status] ?? 'draft')}</wp:status>`,
    // Its parent page's item (written before it); a page whose parent is gone sits at the top.
    `\t\t<wp:post_parent>${(page.parentId && numbering.pageIds.get(page.parentId)) || 0}</wp:post_parent>`,
    '\t\t<wp:menu_order>0</wp:menu_order>',
    `\t\t<wp:post_type>${cdata('page')}</wp:post_type>`,
    `\t\t<wp:post_password>${cdata('')}</wp:post_password>`,
    '\t\t<wp:is_sticky>0</wp:is_sticky>',
  ]);
}

/**
 * The blog as a WordPress export (WXR 1.2, as Tools → Export writes it): the site's categories and the posts' tags
 * (`wp:category`, `wp:tag`, slugs kept), every post with its HTML, excerpt, state, dates, category and tags, the
 * author's pages (`wp:post_type` page, nested by `wp:post_parent`, parents first), and an attachment per uploaded
 * image the posts and pages show (`wp:attachment_url` on this site, which WordPress's importer downloads, and which a
 * cover names as the post's `_thumbnail_id`), and each post's shown comments as `wp:comment` (`comments`, by post
 * id). `images`: the uploads the posts and pages show. A page's SEO fields have no WordPress field: left out.
 * Yielded an item at a time (each post's HTML rendered when its turn comes), so a big blog is never one string.
 */
export function* wordpressExport(
  posts: readonly BlogPostRow[],
  shape: SiteShape,
  siteOrigin: string,
  images: readonly string[],
  comments: ReadonlyMap<string, readonly CommentRow[]> = new Map(),
  now = new Date(),
): Generator<Buffer> {
  const origin = siteOrigin.replace(/\/+$/, '');
  const categories = exportedCategories(shape, posts);
  const numbering = numberItems(posts, shape.pages, origin, images);
  const categoryLabels = new Map(categories.map((category) => [category.slug, category.label]));
  const context: Export = { origin, now, numbering, shape, categoryLabels };

  yield channelHead(origin, now, categories, exportedTags(shape, posts));
  for (const url of numbering.attachmentUrls) yield attachmentItem(context, url);
  let commentId = 1;
  for (const post of posts) {
    const shown = comments.get(post.id) ?? [];
    yield postItem(context, post, shown, commentId);
    commentId += shown.length;
  }
  for (const page of shape.pages) yield pageItem(context, page);
  yield Buffer.from('</channel>\n</rss>\n');
}

/** The file name an address ends with ("cover.png"), or "image". */
function fileNameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'image';
  } catch {
    return 'image';
  }
}

/** "Tue, 14 May 2019 09:00:00 +0000", as WordPress writes pubDate. */
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

/** The dates WordPress writes (post date, its GMT, the modified date, its GMT), here all UTC. */
const datesOf = (date: string, gmt: string) => [
  `\t\t<wp:post_date>${cdata(date)}</wp:post_date>`,
  `\t\t<wp:post_date_gmt>${cdata(gmt)}</wp:post_date_gmt>`,
  `\t\t<wp:post_modified>${cdata(date)}</wp:post_modified>`,
  `\t\t<wp:post_modified_gmt>${cdata(date)}</wp:post_modified_gmt>`,
];

const postmeta = (key: string, value: string) => [
  '\t\t<wp:postmeta>',
  `\t\t\t<wp:meta_key>${cdata(key)}</wp:meta_key>`,
  `\t\t\t<wp:meta_value>${cdata(value)}</wp:meta_value>`,
  '\t\t</wp:postmeta>',
];

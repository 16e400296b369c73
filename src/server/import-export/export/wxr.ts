import type { BlogPostRow } from '../../db/schema.js';
import { renderContentHtml } from '../../content/rendering/render-content.js';
import type { ContentFormat } from '../../../domain/content-format.js';
import { blogCategoryLabel } from '../../../domain/blog.js';
import { blogPostPath } from '../../../domain/content-links.js';
import { uploadNameOf } from './post-images.js';

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

type Item = { id: number; lines: string[] };

/**
 * The blog as a WordPress export (WXR 1.2, as Tools → Export writes it): the site's categories, every post with its
 * HTML, excerpt, state and dates, and an attachment per uploaded image the posts show (`wp:attachment_url` on this
 * site, which WordPress's importer downloads, and which a cover names as the post's `_thumbnail_id`). The site has no
 * comments, so none are written. `images`: the uploads the posts show.
 */
export function wordpressExport(
  posts: readonly BlogPostRow[],
  siteOrigin: string,
  images: readonly string[],
  now = new Date(),
): string {
  const origin = siteOrigin.replace(/\/+$/, '');
  const imageNames = new Set(images);
  const categories = [...new Set(posts.map((post) => post.category))];
  // Attachments first, as WordPress numbers them when they are uploaded before the post that shows them: an
  // importer reading the file once knows a cover's file when it reaches the post (WordPress's own remaps them after).
  const attachmentIds = new Map(images.map((name, index) => [name, index + 1]));
  const postIds = new Map(posts.map((post, index) => [post.id, images.length + index + 1]));
  /** The first post that shows an image: its attachment's parent. */
  const parentOf = new Map<string, number>();
  for (const post of posts)
    for (const name of images)
      if (
        !parentOf.has(name) &&
        (post.content.includes(`/objects/${name}`) || post.coverImage.endsWith(`/objects/${name}`))
      )
        parentOf.set(name, postIds.get(post.id)!);

  const postItems: Item[] = posts.map((post) => {
    const id = postIds.get(post.id)!;
    const date = post.publishedAt;
    const html = renderContentHtml(post.content, post.contentFormat as ContentFormat, {
      siteOrigin: origin,
      absoluteUrls: true,
    });
    const cover = uploadNameOf(post.coverImage, imageNames);
    return {
      id,
      lines: [
        `\t\t<title>${text(post.title)}</title>`,
        `\t\t<link>${escapeXml(`${origin}${blogPostPath(post)}`)}</link>`,
        `\t\t<pubDate>${new Date(date).toUTCString().replace('GMT', '+0000')}</pubDate>`,
        `\t\t<dc:creator>${cdata(AUTHOR_LOGIN)}</dc:creator>`,
        `\t\t<guid isPermaLink="false">${escapeXml(`${origin}/?p=${id}`)}</guid>`,
        '\t\t<description></description>',
        `\t\t<content:encoded>${text(html)}</content:encoded>`,
        `\t\t<excerpt:encoded>${text(post.summary)}</excerpt:encoded>`,
        `\t\t<wp:post_id>${id}</wp:post_id>`,
        `\t\t<wp:post_date>${cdata(wpDate(date))}</wp:post_date>`,
        `\t\t<wp:post_date_gmt>${cdata(post.status === 'draft' ? '0000-00-00 00:00:00' : wpDate(date))}</wp:post_date_gmt>`,
        `\t\t<wp:post_modified>${cdata(wpDate(date))}</wp:post_modified>`,
        `\t\t<wp:post_modified_gmt>${cdata(wpDate(date))}</wp:post_modified_gmt>`,
        `\t\t<wp:comment_status>${cdata('closed')}</wp:comment_status>`,
        `\t\t<wp:ping_status>${cdata('closed')}</wp:ping_status>`,
        `\t\t<wp:post_name>${cdata(post.slug)}</wp:post_name>`,
        `\t\t<wp:status>${cdata(WP_STATUS[post.status] ?? 'draft')}</wp:status>`,
        '\t\t<wp:post_parent>0</wp:post_parent>',
        '\t\t<wp:menu_order>0</wp:menu_order>',
        `\t\t<wp:post_type>${cdata('post')}</wp:post_type>`,
        `\t\t<wp:post_password>${cdata('')}</wp:post_password>`,
        '\t\t<wp:is_sticky>0</wp:is_sticky>',
        `\t\t<category domain="category" nicename="${escapeXml(post.category)}">${text(blogCategoryLabel(post.category))}</category>`,
        ...(cover
          ? [
              '\t\t<wp:postmeta>',
              `\t\t\t<wp:meta_key>${cdata('_thumbnail_id')}</wp:meta_key>`,
              `\t\t\t<wp:meta_value>${cdata(String(attachmentIds.get(cover)))}</wp:meta_value>`,
              '\t\t</wp:postmeta>',
            ]
          : []),
      ],
    };
  });
  const stamp = wpDate(now.toISOString());
  const items: Item[] = images.map((name) => {
    const id = attachmentIds.get(name)!;
    const url = `${origin}/objects/${name}`;
    return {
      id,
      lines: [
        `\t\t<title>${text(name.replace(/\.[^.]+$/, ''))}</title>`,
        `\t\t<link>${escapeXml(url)}</link>`,
        `\t\t<pubDate>${now.toUTCString().replace('GMT', '+0000')}</pubDate>`,
        `\t\t<dc:creator>${cdata(AUTHOR_LOGIN)}</dc:creator>`,
        `\t\t<guid isPermaLink="false">${escapeXml(url)}</guid>`,
        '\t\t<description></description>',
        `\t\t<content:encoded>${cdata('')}</content:encoded>`,
        `\t\t<excerpt:encoded>${cdata('')}</excerpt:encoded>`,
        `\t\t<wp:post_id>${id}</wp:post_id>`,
        `\t\t<wp:post_date>${cdata(stamp)}</wp:post_date>`,
        `\t\t<wp:post_date_gmt>${cdata(stamp)}</wp:post_date_gmt>`,
        `\t\t<wp:post_modified>${cdata(stamp)}</wp:post_modified>`,
        `\t\t<wp:post_modified_gmt>${cdata(stamp)}</wp:post_modified_gmt>`,
        `\t\t<wp:comment_status>${cdata('closed')}</wp:comment_status>`,
        `\t\t<wp:ping_status>${cdata('closed')}</wp:ping_status>`,
        `\t\t<wp:post_name>${cdata(name.replace(/\.[^.]+$/, '').toLowerCase())}</wp:post_name>`,
        `\t\t<wp:status>${cdata('inherit')}</wp:status>`,
        `\t\t<wp:post_parent>${parentOf.get(name) ?? 0}</wp:post_parent>`,
        '\t\t<wp:menu_order>0</wp:menu_order>',
        `\t\t<wp:post_type>${cdata('attachment')}</wp:post_type>`,
        `\t\t<wp:post_password>${cdata('')}</wp:post_password>`,
        '\t\t<wp:is_sticky>0</wp:is_sticky>',
        `\t\t<wp:attachment_url>${cdata(url)}</wp:attachment_url>`,
        '\t\t<wp:postmeta>',
        `\t\t\t<wp:meta_key>${cdata('_wp_attached_file')}</wp:meta_key>`,
        `\t\t\t<wp:meta_value>${cdata(name)}</wp:meta_value>`,
        '\t\t</wp:postmeta>',
      ],
    };
  });
  items.push(...postItems);

  return [
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
    `\t<pubDate>${now.toUTCString().replace('GMT', '+0000')}</pubDate>`,
    '\t<language>en</language>',
    '\t<wp:wxr_version>1.2</wp:wxr_version>',
    `\t<wp:base_site_url>${escapeXml(origin)}</wp:base_site_url>`,
    `\t<wp:base_blog_url>${escapeXml(origin)}</wp:base_blog_url>`,
    `\t<wp:author><wp:author_id>1</wp:author_id><wp:author_login>${cdata(AUTHOR_LOGIN)}</wp:author_login><wp:author_email>${cdata('')}</wp:author_email><wp:author_display_name>${cdata('Author')}</wp:author_display_name><wp:author_first_name>${cdata('')}</wp:author_first_name><wp:author_last_name>${cdata('')}</wp:author_last_name></wp:author>`,
    ...categories.map(
      (category, index) =>
        `\t<wp:category><wp:term_id>${index + 1}</wp:term_id><wp:category_nicename>${cdata(category)}</wp:category_nicename><wp:category_parent>${cdata('')}</wp:category_parent><wp:cat_name>${text(blogCategoryLabel(category))}</wp:cat_name></wp:category>`,
    ),
    "\t<generator>This site's export (WXR 1.2)</generator>",
    ...items.flatMap((item) => ['\t<item>', ...item.lines, '\t</item>']),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

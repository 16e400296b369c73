import { DEFAULT_BLOG_CATEGORY } from '../../../domain/blog.js';
import type { BlogPost, BlogPostInput } from '../../../domain/blog.schema.js';
import { plainTextToMarkdown } from '../../../domain/content-format.js';
import type { PostState } from '../../../domain/post-states.js';
import { fromLocalInputValue, toLocalInputValue } from './publish-time.js';

export type BlogFormValues = {
  title: string;
  slug: string;
  summary: string;
  content: string;
  category: string;
  /** The post's tags by name, in order. */
  tags: string[];
  coverImage: string;
  status: PostState;
  /** The datetime-local value, in the author's browser time zone. */
  publishAt: string;
  metaDescription: string;
  socialImage: string;
};

/** The admin always writes Markdown; the publish time goes to the server as UTC. */
export const blogFormInput = ({ publishAt, ...values }: BlogFormValues): BlogPostInput => ({
  ...values,
  contentFormat: 'markdown',
  publishAt: values.status === 'scheduled' ? fromLocalInputValue(publishAt) : null,
});

export function blogFormValues(item: (BlogPost & { tags?: Array<{ label: string }> }) | null): BlogFormValues {
  if (!item) {
    return {
      title: '',
      slug: '',
      summary: '',
      content: '',
      category: DEFAULT_BLOG_CATEGORY,
      tags: [],
      coverImage: '',
      // A new post is a draft until the author chooses to publish it.
      status: 'draft',
      publishAt: '',
      metaDescription: '',
      socialImage: '',
    };
  }
  return {
    title: item.title,
    slug: item.slug,
    summary: item.summary,
    // A text of before Markdown opens as the Markdown that shows it the same way.
    content: item.contentFormat === 'plain' ? plainTextToMarkdown(item.content) : item.content,
    category: item.category,
    tags: (item.tags ?? []).map((tag) => tag.label),
    coverImage: item.coverImage,
    status: item.status,
    publishAt: item.status === 'scheduled' ? toLocalInputValue(item.publishedAt) : '',
    metaDescription: item.metaDescription,
    socialImage: item.socialImage,
  };
}

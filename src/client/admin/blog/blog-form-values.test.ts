import { describe, expect, it } from 'vitest';
import { blogPostInputSchema, type BlogPost } from '../../../domain/blog.schema.js';
import { plainTextToMarkdown } from '../../../domain/content-format.js';
import { blogFormInput, blogFormValues } from './blog-form-values.js';
import { fromLocalInputValue, toLocalInputValue } from './publish-time.js';

const stored: BlogPost = {
  id: 'p1',
  title: 'Old post',
  summary: 'S',
  content: 'It was 1. the *end*\n# not a heading\n[not](a link)',
  contentFormat: 'plain',
  category: 'announcements',
  coverImage: '/objects/c.png',
  publishedAt: new Date('2030-05-01T07:30:00.000Z'),
  status: 'scheduled',
  slug: 'old-post',
  metaDescription: '',
  socialImage: '',
};

describe('blog form values', () => {
  it('opens a plain post as the Markdown that renders the same, and always saves Markdown', () => {
    const values = blogFormValues(stored);
    // plainTextToMarkdown renders like the plain text (checked in render-content.test.ts).
    expect(values.content).toBe(plainTextToMarkdown(stored.content));
    expect(values.content).toBe('It was 1\\. the \\*end\\*\n\n\\# not a heading\n\n\\[not\\]\\(a link\\)');
    const input = blogPostInputSchema.parse(blogFormInput(values));
    expect(input.contentFormat).toBe('markdown');
    expect(input.slug).toBe('old-post');
  });

  it('keeps Markdown as it is', () => {
    const values = blogFormValues({ ...stored, contentFormat: 'markdown', content: '*ash*' });
    expect(values.content).toBe('*ash*');
  });

  it('shows a scheduled time in the browser zone and sends it back as the same UTC moment', () => {
    const values = blogFormValues(stored);
    expect(values.publishAt).toBe(toLocalInputValue(stored.publishedAt));
    expect(blogFormInput(values).publishAt).toBe('2030-05-01T07:30:00.000Z');
    // Not scheduled: no publish time is sent.
    expect(blogFormInput({ ...values, status: 'draft' }).publishAt).toBeNull();
  });

  it('reads datetime-local values in the browser zone, refusing malformed ones', () => {
    const local = '2030-01-15T09:05:30';
    expect(fromLocalInputValue(local)).toBe(new Date(2030, 0, 15, 9, 5, 30).toISOString());
    expect(fromLocalInputValue('2030-01-15T09:05')).toBe(new Date(2030, 0, 15, 9, 5).toISOString());
    for (const bad of ['', 'tomorrow', '2030-01-15', '2030-13-45T99:99']) expect(fromLocalInputValue(bad)).toBeNull();
    expect(toLocalInputValue(new Date(2030, 0, 15, 9, 5, 30))).toBe(local);
  });

  it('starts a new post as a draft, in the default category, with a blank slug', () => {
    expect(blogFormValues(null)).toMatchObject({ status: 'draft', slug: '', category: 'announcements' });
  });
});

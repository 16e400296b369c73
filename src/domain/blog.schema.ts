import { z } from 'zod';
import { BLOG_CATEGORIES } from './blog.js';
import { enumField, requiredText } from './fields.schema.js';
import { coverImageSchema } from './images.schema.js';
import { TEXT_LIMITS } from './limits.js';

const blogCategorySchema = enumField('Category', BLOG_CATEGORIES);

export const blogListInput = z.object({ category: blogCategorySchema.optional() }).optional();

export const blogPostInputSchema = z.object({
  title: requiredText('Title', TEXT_LIMITS.title),
  summary: requiredText('Summary', TEXT_LIMITS.summary),
  content: requiredText('Content', TEXT_LIMITS.content),
  category: blogCategorySchema,
  coverImage: coverImageSchema,
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;
export type BlogPostData = z.output<typeof blogPostInputSchema>;
export type BlogPost = BlogPostData & { id: string; publishedAt: Date };

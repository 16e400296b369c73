import { blogListInput, blogPostInputSchema } from '../../../domain/blog.schema.js';
import { createBlogPost, deleteBlogPost, listBlogPosts, updateBlogPost } from '../../repositories/blog-posts.js';
import { publicProcedure, router } from '../trpc.js';
import { contentProcedures } from './content-procedures.js';

const blogProcedures = contentProcedures({
  name: 'Blog post',
  cacheKey: 'blog',
  inputSchema: blogPostInputSchema,
  list: (db) => listBlogPosts(db),
  create: (db, data) => createBlogPost(db, data),
  update: updateBlogPost,
  remove: deleteBlogPost,
});

export const blogRouter = router({
  ...blogProcedures,
  /** Newest first; `category` keeps one category. */
  list: publicProcedure.input(blogListInput).query(({ ctx, input }) => {
    const category = input?.category;
    return category
      ? ctx.cache.get(`blog:${category}`, () => listBlogPosts(ctx.db, category))
      : ctx.cache.get('blog', () => listBlogPosts(ctx.db));
  }),
});

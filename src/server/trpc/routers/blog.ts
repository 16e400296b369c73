import { blogListInput, blogPostInputSchema } from '../../../domain/blog.schema.js';
import { createBlogPost, deleteBlogPost, listBlogPosts, updateBlogPost } from '../../repositories/blog-posts.js';
import type { BlogCategory } from '../../../domain/blog.js';
import type { AppDatabase } from '../../db/connection.js';
import { withImages } from '../../images/responsive-images.js';
import { publicProcedure, router } from '../trpc.js';
import { contentProcedures } from './content-procedures.js';

/** Newest first, each post with its cover's responsive image when it has one. */
const listPostsWithImages = async (db: AppDatabase, category?: BlogCategory) =>
  withImages(db, await listBlogPosts(db, category), (post) => post.coverImage);

const blogProcedures = contentProcedures({
  name: 'Blog post',
  cacheKey: 'blog',
  inputSchema: blogPostInputSchema,
  list: (db) => listPostsWithImages(db),
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
      ? ctx.cache.get(`blog:${category}`, () => listPostsWithImages(ctx.db, category))
      : ctx.cache.get('blog', () => listPostsWithImages(ctx.db));
  }),
});

import { TRPCError } from '@trpc/server';
import {
  blogCategoryBySlugInput,
  blogCategoryDeleteInput,
  blogCategoryInputSchema,
  blogCategoryMergeInput,
  blogCategoryOrderInput,
  blogCategoryUpdateInput,
} from '../../../domain/blog-categories.schema.js';
import { isUniqueViolation } from '../../db/row-conversion.js';
import { contentWriteProcedure, found, publicProcedure, router } from '../../trpc/trpc.js';
import {
  CATEGORY_SLUG_TAKEN,
  createBlogCategory,
  deleteBlogCategory,
  mergeBlogCategory,
  reorderBlogCategories,
  updateBlogCategory,
  type CategoryRefusal,
} from './blog-categories-repository.js';
import { categoryNamed, siteCategories } from './blog-categories.js';

/** A write's value, or its refusal as the tRPC error it answers; a race for one slug is told, not failed with a 500. */
async function settled<T>(write: () => Promise<{ ok: T } | CategoryRefusal>): Promise<T> {
  let result: { ok: T } | CategoryRefusal;
  try {
    result = await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: CATEGORY_SLUG_TAKEN });
    throw error;
  }
  if ('refused' in result) throw new TRPCError({ code: result.refused, message: result.message });
  return result.ok;
}

/** The blog's categories: the author's to create, rename, merge, reorder and delete; every reader's to list. */
export const blogCategoriesRouter = router({
  /** Every category in the author's order: GET /api/blog/categories. */
  list: publicProcedure.query(({ ctx }) => siteCategories(ctx)),
  /** The category a slug names, an old one too (the blog then redirects to the slug the answer carries). */
  bySlug: publicProcedure
    .input(blogCategoryBySlugInput)
    .query(async ({ ctx, input }) => found(await categoryNamed(ctx, input.slug), 'Category')),
  create: contentWriteProcedure
    .input(blogCategoryInputSchema)
    .mutation(({ ctx, input }) => settled(() => createBlogCategory(ctx.db, input))),
  update: contentWriteProcedure
    .input(blogCategoryUpdateInput)
    .mutation(({ ctx, input }) => settled(() => updateBlogCategory(ctx.db, input.slug, input.data))),
  merge: contentWriteProcedure
    .input(blogCategoryMergeInput)
    .mutation(({ ctx, input }) => settled(() => mergeBlogCategory(ctx.db, input.slug, input.into))),
  reorder: contentWriteProcedure
    .input(blogCategoryOrderInput)
    .mutation(({ ctx, input }) => settled(() => reorderBlogCategories(ctx.db, input.slugs))),
  delete: contentWriteProcedure.input(blogCategoryDeleteInput).mutation(async ({ ctx, input }) => {
    await settled(() => deleteBlogCategory(ctx.db, input.slug, input.moveTo));
  }),
});

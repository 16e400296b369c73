import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { byIdInput, idSchema } from '../../domain/fields.schema.js';
import { CURATED_LIST_PAGE } from '../../domain/paging.js';
import { pageInput } from '../../domain/paging.schema.js';
import type { AppDatabase } from '../db/connection.js';
import { contentWriteProcedure, found, pageOf, publicProcedure } from '../trpc/trpc.js';

/** What a content read or write may need besides the database (e.g. the origin links are rendered against). */
export type ContentContext = { publicOrigin: string | null };

type ContentSpec<TInput, TData, TItem extends { id: string }, TListed extends TItem> = {
  /** Human name used in messages, e.g. 'Book'. */
  name: string;
  cacheKey: string;
  inputSchema: z.ZodType<TData, TInput>;
  /** The public list; its items may carry more than a write returns (e.g. responsive image data). */
  list: (db: AppDatabase, context: ContentContext) => Promise<TListed[]>;
  create: (db: AppDatabase, data: TData, context: ContentContext) => Promise<TItem>;
  update: (db: AppDatabase, id: string, data: TData, context: ContentContext) => Promise<TItem | undefined>;
  remove: (db: AppDatabase, id: string) => Promise<boolean>;
  /**
   * Rejects data that names things that do not exist (e.g. an excerpt's book) or clashes with
   * another item; `id` is the item being updated (absent on create).
   */
  checkReferences?: (db: AppDatabase, data: TData, id?: string) => Promise<void>;
};

/** Thrown when a payload refers to something that does not exist. */
export function unknownReference(message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message });
}

type CachedListContext = ContentContext & {
  db: AppDatabase;
  cache: { get: <T>(key: string, load: () => Promise<T>) => Promise<T> };
};

/**
 * The public reads every kind of content has: a cached list, answered a page at a time (CURATED_LIST_PAGE: one page
 * holds a site's whole list), and a by-id read served from that cached list.
 */
function contentReads<TItem extends { id: string }>(spec: {
  name: string;
  cacheKey: string;
  list: (db: AppDatabase, context: ContentContext) => Promise<TItem[]>;
}) {
  const cachedList = (ctx: CachedListContext) => ctx.cache.get(spec.cacheKey, () => spec.list(ctx.db, ctx));
  return {
    list: publicProcedure
      .input(pageInput(CURATED_LIST_PAGE))
      .query(async ({ ctx, input }) => pageOf(await cachedList(ctx), input)),
    byId: publicProcedure.input(byIdInput).query(async ({ ctx, input }) => {
      const items = await cachedList(ctx);
      return found(
        items.find((item) => item.id === input.id),
        spec.name,
      );
    }),
  };
}

/** Admin create/update/delete of one kind of content; each clears the public cache. */
export function contentWrites<TInput, TData, TItem extends { id: string }>(
  spec: Omit<ContentSpec<TInput, TData, TItem, TItem>, 'list' | 'cacheKey'>,
) {
  return {
    create: contentWriteProcedure.input(spec.inputSchema).mutation(async ({ ctx, input }) => {
      // tRPC cannot narrow a generic parser's output; the schema guarantees TData.
      const data = input as TData;
      await spec.checkReferences?.(ctx.db, data);
      return spec.create(ctx.db, data, ctx);
    }),
    update: contentWriteProcedure
      .input(z.object({ id: idSchema, data: spec.inputSchema }))
      .mutation(async ({ ctx, input }) => {
        await spec.checkReferences?.(ctx.db, input.data, input.id);
        return found(await spec.update(ctx.db, input.id, input.data, ctx), spec.name);
      }),
    delete: contentWriteProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
      if (!(await spec.remove(ctx.db, input.id)))
        throw new TRPCError({ code: 'NOT_FOUND', message: `${spec.name} not found` });
    }),
  };
}

/**
 * The five procedures every kind of public content has: a cached public list (paged), a by-id read served from that
 * cached list, and admin create/update/delete that clear the cache.
 */
export function contentProcedures<TInput, TData, TItem extends { id: string }, TListed extends TItem = TItem>(
  spec: ContentSpec<TInput, TData, TItem, TListed>,
) {
  return { ...contentReads<TListed>(spec), ...contentWrites<TInput, TData, TItem>(spec) };
}

import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useHydrated } from '../ui/form-outcome.js';
import { trpc } from '../trpc.js';

/** The cards query of one page of the list: the category's or tag's (or every) post, `page` (1: the newest). */
export const cardsInput = (category: string | undefined, tag: string | undefined, page: number | undefined) => ({
  ...(category ? { category } : {}),
  ...(tag ? { tag } : {}),
  ...(page ? { page } : {}),
});

/** 'all', or one category's slug. */
type BlogFilterId = string;

const blogRoute = getRouteApi('/site/blog');

/** The blog list's state: the category, tag and page in the address, the posts, tags and category filters. */
export function useBlogList() {
  const category = blogRoute.useSearch({ select: (search) => search.category });
  const page = blogRoute.useSearch({ select: (search) => search.page });
  const tag = blogRoute.useSearch({ select: (search) => search.tag });
  const navigate = blogRoute.useNavigate();
  const filter: BlogFilterId = category ?? 'all';
  const setFilter = (id: BlogFilterId) =>
    void navigate({ search: id === 'all' ? {} : { category: id }, resetScroll: false });
  // Before (or without) the script the chips are links to the filtered list (served filtered).
  const hydrated = useHydrated();
  const posts = trpc.blog.cards.useQuery(cardsInput(category, tag, page), { placeholderData: keepPreviousData });
  const tags = trpc.blog.publishedTags.useQuery();
  const tagLabel = tag && (tags.data?.find((item) => item.slug === tag)?.label ?? tag);
  // The author's categories, in the author's order, after every post.
  const categories = trpc.blog.categories.list.useQuery();
  const filters = [
    { id: 'all', label: 'All Posts' },
    ...(categories.data ?? []).map((item) => ({ id: item.slug, label: item.label })),
  ];
  return { category, tag, filter, setFilter, hydrated, posts, tags, tagLabel, filters };
}

export type BlogList = ReturnType<typeof useBlogList>;

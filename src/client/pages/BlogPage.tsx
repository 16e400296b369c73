import { Button, Skeleton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { blogCategoryFrom, blogPageFrom } from '../../domain/blog.js';
import { useSiteSettings } from '../layout/site-settings.js';
import { PostCard } from '../blog/PostCard.js';
import { TagChips } from '../blog/TagChips.js';
import { PageHeader } from '../ui/PageHeader.js';
import { StateMessage } from '../ui/StateMessage.js';
import ui from '../ui/ui.module.css';
import classes from './BlogPage.module.css';
import type { PagePrefetch } from './prefetch.js';
import { cardsInput, useBlogList, type BlogList } from './use-blog-list.js';

export const prefetch: PagePrefetch = async (utils, _params, search) => {
  await Promise.all([
    utils.blog.cards.ensureData(
      cardsInput(blogCategoryFrom(search.category), blogCategoryFrom(search.tag), blogPageFrom(search.page)),
    ),
    utils.blog.categories.list.ensureData(),
    utils.blog.publishedTags.ensureData(),
  ]).catch(() => undefined);
};

export default function BlogPage() {
  const list = useBlogList();
  const { category, tag, tags, tagLabel } = list;

  return (
    <>
      <PageHeader
        eyebrow={`News from ${useSiteSettings().about.authorName}`}
        title="Blog & News"
        lede="Release news, notes from the writing desk, and the music that keeps Vesperhold burning."
      />
      <div className={ui.container}>
        <BlogFilters list={list} />

        {tags.data && tags.data.length > 0 && (
          <details className={classes.tagBrowser}>
            <summary>Browse by tag ({tags.data.length})</summary>
            <TagChips tags={tags.data} label="Every tag" />
          </details>
        )}
        {tagLabel && tag && <BlogTagNote tag={tag} tagLabel={tagLabel} category={category} />}
        <BlogPosts list={list} />
      </div>
    </>
  );
}

/** The category chips: links to the filtered list before (or without) the script, toggles with it. */
function BlogFilters({ list }: { list: BlogList }) {
  const { filters, filter, hydrated, setFilter } = list;
  return (
    <div className={classes.filters} role="group" aria-label="Filter posts by category">
      {filters.map((option) => {
        const active = option.id === filter;
        if (!hydrated)
          return (
            <Button
              key={option.id}
              renderRoot={(props) => (
                <Link {...props} to="/blog" search={option.id === 'all' ? {} : { category: option.id }} />
              )}
              variant={active ? 'filled' : 'outline'}
              color={active ? 'ember' : 'gray'}
              aria-current={active ? 'page' : undefined}
              className={active ? classes.filterActive : classes.filter}
            >
              {option.label}
            </Button>
          );
        return (
          <Button
            key={option.id}
            variant={active ? 'filled' : 'outline'}
            color={active ? 'ember' : 'gray'}
            aria-pressed={active}
            className={active ? classes.filterActive : classes.filter}
            onClick={() => setFilter(option.id)}
          >
            {option.label}
          </Button>
        );
      })}
    </div>
  );
}

/** The line above a tag's list: the tag, a link to its own page and one back to every post. */
function BlogTagNote({ tag, tagLabel, category }: { tag: string; tagLabel: string; category: string | undefined }) {
  return (
    <p className={classes.tagNote}>
      Posts tagged <strong>{tagLabel}</strong> ·{' '}
      <Link to="/blog/tag/$tag" params={{ tag }} className={ui.textLink}>
        The tag&apos;s page
      </Link>{' '}
      ·{' '}
      <Link to="/blog" search={category ? { category } : {}} className={ui.textLink}>
        Every post
      </Link>
    </p>
  );
}

/** The posts of the page, or its loading, error or empty state, and the pager. */
function BlogPosts({ list }: { list: BlogList }) {
  const { posts, category, tag } = list;
  return (
    <div aria-live="polite" aria-busy={posts.isFetching}>
      {posts.isPending ? (
        <div className={classes.grid}>
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <PostSkeleton key={index} />
          ))}
        </div>
      ) : posts.isError ? (
        <StateMessage
          tone="error"
          title="Error Loading Blog"
          text="Failed to load blog posts. Please try again later."
        />
      ) : posts.data.total === 0 ? (
        <StateMessage title="No posts yet" text="Nothing has been written in this category yet. Check back soon." />
      ) : posts.data.items.length === 0 ? (
        <StateMessage
          title="No posts on this page"
          text={`This list has ${posts.data.pageCount} page${posts.data.pageCount === 1 ? '' : 's'}.`}
        />
      ) : (
        <ul className={classes.grid} data-stale={posts.isPlaceholderData || undefined}>
          {posts.data.items.map((post) => (
            <PostCard key={post.id} post={post} headingOrder={2} />
          ))}
        </ul>
      )}
      {posts.data && (
        <BlogPager category={category} tag={tag} page={posts.data.page} pageCount={posts.data.pageCount} />
      )}
    </div>
  );
}

/**
 * Links to the newer and older pages of the list: plain links, so they work before (and without) the script; with it
 * they navigate in the app.
 */
function BlogPager({
  category,
  tag,
  page,
  pageCount,
}: {
  category: string | undefined;
  tag: string | undefined;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1 && page <= 1) return null;
  const searchFor = (target: number) => cardsInput(category, tag, target > 1 ? target : undefined);
  const newer = page > 1 ? Math.min(page - 1, pageCount) : null;
  const older = page < pageCount ? page + 1 : null;
  return (
    <nav className={classes.pager} aria-label="Blog pages">
      {newer !== null ? (
        <Link to="/blog" search={searchFor(newer)} className={ui.textLink} rel="prev">
          ← Newer posts
        </Link>
      ) : (
        <span />
      )}
      <span className={classes.pageNumber}>
        Page {page} of {pageCount}
      </span>
      {older !== null ? (
        <Link to="/blog" search={searchFor(older)} className={ui.textLink} rel="next">
          Older posts →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function PostSkeleton() {
  return (
    <div className={ui.skeletonCard}>
      <Skeleton radius={0} style={{ aspectRatio: '1200 / 630' }} />
      <div style={{ padding: '1.25rem' }}>
        <Skeleton height={18} width="45%" mb="md" />
        <Skeleton height={22} mb="sm" />
        <Skeleton height={14} mb={8} />
        <Skeleton height={14} width="70%" />
      </div>
    </div>
  );
}

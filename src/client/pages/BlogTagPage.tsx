import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { tagFeedPath } from '../../domain/content-links.js';
import { PostCard } from '../blog/PostCard.js';
import { trpc } from '../trpc.js';
import { ArrowLeftIcon } from '../ui/icons.js';
import { PageHeader } from '../ui/PageHeader.js';
import { StateMessage } from '../ui/StateMessage.js';
import ui from '../ui/ui.module.css';
import classes from './BlogPage.module.css';
import type { PagePrefetch } from './prefetch.js';
import { ReadingNotFound } from './ReadingNotFound.js';

const cardsInput = (tag: string, page: number | undefined) => ({ tag, ...(page ? { page } : {}) });

export const prefetch: PagePrefetch = async (utils, params, search) => {
  const tag = params.tag ?? '';
  const page = typeof search.page === 'number' ? search.page : undefined;
  await Promise.all([utils.blog.tag.ensureData({ slug: tag }), utils.blog.cards.ensureData(cardsInput(tag, page))]);
};

const tagRoute = getRouteApi('/site/blog/tag/$tag');

/** /blog/tag/<slug>: the published posts with one tag, newest first, paged like /blog, with the tag's feed. */
export default function BlogTagPage() {
  const { tag } = tagRoute.useParams();
  const page = tagRoute.useSearch({ select: (search) => search.page });
  const info = trpc.blog.tag.useQuery({ slug: tag });
  const posts = trpc.blog.cards.useQuery(cardsInput(tag, page), { placeholderData: keepPreviousData });

  if (info.isError) {
    return (
      <ReadingNotFound
        title="Tag Not Found"
        text="No published post has this tag."
        back={{ to: '/blog', label: 'Back to Blog' }}
      />
    );
  }
  const label = info.data?.label ?? tag;
  const count = info.data?.postCount;
  return (
    <>
      <PageHeader
        eyebrow="Tag"
        title={`#${label}`}
        lede={count === undefined ? undefined : `${count} post${count === 1 ? '' : 's'} tagged ${label}.`}
      >
        <p className={classes.tagLinks}>
          <Link to="/blog" className={ui.textLink}>
            <ArrowLeftIcon size={16} /> Every post
          </Link>
          <a href={tagFeedPath(tag)} className={ui.textLink} type="application/rss+xml">
            RSS feed <span className="visually-hidden">of the posts tagged {label}</span>
          </a>
        </p>
      </PageHeader>
      <div className={ui.container}>
        <div aria-live="polite" aria-busy={posts.isFetching}>
          {posts.isPending ? null : posts.isError ? (
            <StateMessage tone="error" title="Error Loading Posts" text="Please try again later." />
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
          {posts.data && <TagPager tag={tag} page={posts.data.page} pageCount={posts.data.pageCount} />}
        </div>
      </div>
    </>
  );
}

/** Newer and older pages of the tag's list: plain links, so they work without the script. */
function TagPager({ tag, page, pageCount }: { tag: string; page: number; pageCount: number }) {
  if (pageCount <= 1 && page <= 1) return null;
  const searchFor = (target: number) => (target > 1 ? { page: target } : {});
  const newer = page > 1 ? Math.min(page - 1, pageCount) : null;
  const older = page < pageCount ? page + 1 : null;
  return (
    <nav className={classes.pager} aria-label="Pages of this tag">
      {newer !== null ? (
        <Link to="/blog/tag/$tag" params={{ tag }} search={searchFor(newer)} className={ui.textLink} rel="prev">
          ← Newer posts
        </Link>
      ) : (
        <span />
      )}
      <span className={classes.pageNumber}>
        Page {page} of {pageCount}
      </span>
      {older !== null ? (
        <Link to="/blog/tag/$tag" params={{ tag }} search={searchFor(older)} className={ui.textLink} rel="next">
          Older posts →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

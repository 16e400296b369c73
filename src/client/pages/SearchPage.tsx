import { Skeleton, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { blogCategoryLabel } from '../../domain/blog.js';
import {
  isMajorSpoiler,
  SEARCH_KIND_LABELS,
  SEARCH_QUERY_MAX_LENGTH,
  searchQueryFrom,
  searchQueryProblem,
  type SearchHit,
} from '../../domain/search.js';
import { SERIES_NAME } from '../content/site.js';
import { HighlightedText } from '../search/HighlightedText.js';
import { ResultLink } from '../search/ResultLink.js';
import { SearchForm } from '../search/SearchForm.js';
import searchClasses from '../search/search.module.css';
import { trpc } from '../trpc.js';
import { SpoilerBadge } from '../ui/badges.js';
import { formatShortDate, isoDate } from '../../domain/date-format.js';
import { PageHeader } from '../ui/PageHeader.js';
import { StateMessage } from '../ui/StateMessage.js';
import ui from '../ui/ui.module.css';
import type { PagePrefetch } from './prefetch.js';

export const prefetch: PagePrefetch = (utils, _params, search) => {
  const q = searchQueryFrom(search.q);
  if (searchQueryProblem(q)) return Promise.resolve();
  return utils.search.results.ensureData({ q: q.trim() }).catch(() => undefined);
};

const searchRoute = getRouteApi('/site/search');

export default function SearchPage() {
  const q = searchRoute.useSearch({ select: (search) => searchQueryFrom(search.q) });
  const problem = searchQueryProblem(q);
  const query = q.trim();
  const answer = trpc.search.results.useQuery(
    { q: query },
    { enabled: problem === null, placeholderData: keepPreviousData },
  );

  return (
    <>
      <PageHeader
        eyebrow={SERIES_NAME}
        title="Search"
        lede="Books, excerpts and blog posts: find a name, a place or a line you half remember."
      >
        <div className={searchClasses.pageForm}>
          {/* A new query remounts the field, so it shows the query searched. */}
          <SearchForm key={q} variant="page" initialQuery={q} />
        </div>
      </PageHeader>
      <div className={ui.container}>
        <div aria-live="polite" aria-busy={answer.isFetching}>
          {problem === 'empty' ? (
            <StateMessage
              title="What are you looking for?"
              text="Type a word or a name above: a character, a place, a book."
            />
          ) : problem === 'too-long' ? (
            <StateMessage
              tone="error"
              title="That search is too long"
              text={`Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters: a few words are enough.`}
            />
          ) : answer.isPending ? (
            <ResultsSkeleton />
          ) : answer.isError ? (
            <StateMessage tone="error" title="Search failed" text="Something went wrong. Please try again." />
          ) : answer.data.results.length === 0 ? (
            <StateMessage
              title="Nothing found"
              text={`No book, excerpt or post matches “${answer.data.query}”. Try fewer words or another spelling.`}
            />
          ) : (
            <>
              <p className={searchClasses.summary}>
                {answer.data.hasMore ? 'The best ' : ''}
                {answer.data.results.length} {answer.data.results.length === 1 ? 'result' : 'results'} for “
                {answer.data.query}”
              </p>
              <ol className={searchClasses.results} data-stale={answer.isPlaceholderData || undefined}>
                {answer.data.results.map((hit) => (
                  <li key={`${hit.kind}:${hit.id}`} className={`${ui.card} ${searchClasses.result}`}>
                    <SearchResult hit={hit} />
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      </div>
    </>
  );
}

function ResultMeta({ hit }: { hit: SearchHit }) {
  return (
    <p className={searchClasses.kind}>
      <span>{SEARCH_KIND_LABELS[hit.kind]}</span>
      {hit.kind === 'excerpt' && hit.bookTitle && <span>from {hit.bookTitle}</span>}
      {hit.kind === 'post' && (
        <>
          <span>{blogCategoryLabel(hit.category)}</span>
          <time dateTime={isoDate(hit.publishedAt)}>{formatShortDate(hit.publishedAt)}</time>
        </>
      )}
    </p>
  );
}

function SearchResult({ hit }: { hit: SearchHit }) {
  const hidden = hit.kind === 'excerpt' && isMajorSpoiler(hit.spoilerLevel);
  return (
    <>
      <ResultMeta hit={hit} />
      <Title order={2} className={searchClasses.resultTitle}>
        <ResultLink href={hit.url} className={searchClasses.resultLink}>
          <HighlightedText segments={hit.titleSegments} />
        </ResultLink>
      </Title>
      {hit.kind === 'excerpt' && (
        <div className={searchClasses.badges}>
          <SpoilerBadge level={hit.spoilerLevel} />
        </div>
      )}
      {hit.snippetSegments.length === 0 ? null : hidden ? (
        <details className={searchClasses.spoiler}>
          <summary className={searchClasses.spoilerSummary}>
            This excerpt reveals major plot events. Show the passage that matched
          </summary>
          <p className={searchClasses.snippet}>
            <HighlightedText segments={hit.snippetSegments} />
          </p>
        </details>
      ) : (
        <p className={searchClasses.snippet}>
          <HighlightedText segments={hit.snippetSegments} />
        </p>
      )}
    </>
  );
}

function ResultsSkeleton() {
  return (
    <div className={searchClasses.results}>
      {[0, 1, 2].map((index) => (
        <div key={index} className={ui.skeletonCard} style={{ padding: '1.25rem' }}>
          <Skeleton height={14} width="30%" mb="md" />
          <Skeleton height={22} width="60%" mb="sm" />
          <Skeleton height={14} mb={8} />
          <Skeleton height={14} width="80%" />
        </div>
      ))}
    </div>
  );
}

import { Title } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { trpc } from '../trpc.js';
import ui from '../ui/ui.module.css';
import NotFoundPage from './NotFoundPage.js';
import type { PagePrefetch } from './prefetch.js';
import reading from './reading.module.css';
import { ReadingSkeleton } from './ReadingSkeleton.js';

export const prefetch: PagePrefetch = (utils, params) =>
  utils.pages.byPath.ensureData({ path: params._splat ?? '' }).catch(() => undefined);

const sitePageRoute = getRouteApi('/site/$');

/** One of the author's pages (/<slug>, or under its parents: /level-1/level-2); any other address is the 404 page. */
export default function SitePage() {
  const { _splat: path = '' } = sitePageRoute.useParams();
  const page = trpc.pages.byPath.useQuery({ path }, { retry: false });

  if (page.isPending) return <ReadingSkeleton label="Loading the page" />;
  if (!page.data) return <NotFoundPage />;
  const data = page.data;
  return (
    <article className={reading.article}>
      <header className={reading.header}>
        <div className={ui.narrow}>
          {data.parents.length > 0 && (
            <nav aria-label="Breadcrumb" className={ui.meta}>
              {data.parents.map((parent, index) => (
                <span key={parent.id}>
                  {index > 0 && ' / '}
                  <Link to={parent.path} className={ui.textLink}>
                    {parent.title}
                  </Link>
                </span>
              ))}
            </nav>
          )}
          <Title order={1} className={reading.title}>
            {data.title}
          </Title>
        </div>
      </header>
      {/* Rendered on the server from the page's Markdown, like a post: raw HTML is never passed through. */}
      <div
        className={`${ui.narrow} ${reading.body} ${reading.prose}`}
        dangerouslySetInnerHTML={{ __html: data.contentHtml }}
      />
    </article>
  );
}

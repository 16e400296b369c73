import { Button, Title } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { trpc } from '../trpc.js';
import { formatLongDate, isoDate } from '../../domain/date-format.js';
import { ArrowLeftIcon } from '../ui/icons.js';
import ui from '../ui/ui.module.css';
import type { PagePrefetch } from './prefetch.js';
import reading from './reading.module.css';
import { ReadingNotFound } from './ReadingNotFound.js';
import { ReadingSkeleton } from './ReadingSkeleton.js';

const keyOf = (search: Record<string, unknown>) => (typeof search.key === 'string' ? search.key : undefined);

export const prefetch: PagePrefetch = (utils, params, search) =>
  params.id
    ? utils.newsletterArchive.issue.ensureData({ id: params.id, key: keyOf(search) }).catch(() => undefined)
    : Promise.resolve();

const issueRoute = getRouteApi('/site/newsletter/archive/$id');

/** One sent issue on the site: listed in the archive, or opened by the "view in browser" link of its email. */
export default function NewsletterIssuePage() {
  const { id } = issueRoute.useParams();
  const search = issueRoute.useSearch();
  const issue = trpc.newsletterArchive.issue.useQuery({ id, key: keyOf(search) }, { retry: false });

  if (issue.isPending) return <ReadingSkeleton label="Loading the issue" />;
  if (!issue.data) {
    return (
      <ReadingNotFound
        title="Issue Not Found"
        text="This issue doesn't exist, or is not in the archive."
        back={{ to: '/newsletter/archive', label: 'Back to the archive' }}
      />
    );
  }
  const data = issue.data;
  return (
    <article className={reading.article}>
      <header className={reading.header}>
        <div className={ui.narrow}>
          <Link to="/newsletter/archive" className={ui.textLink}>
            <ArrowLeftIcon size={16} /> Newsletter archive
          </Link>
          {!data.inSequence && (
            <div className={`${ui.meta} ${reading.postMeta}`}>
              <time dateTime={isoDate(data.sentAt)}>{formatLongDate(data.sentAt)}</time>
            </div>
          )}
          <Title order={1} className={reading.title}>
            {data.subject}
          </Title>
          {data.preheader && <p className={reading.summary}>{data.preheader}</p>}
        </div>
      </header>
      {/* Rendered on the server from the issue's Markdown, like a post: raw HTML is never passed through. */}
      <div
        className={`${ui.narrow} ${reading.body} ${reading.prose}`}
        dangerouslySetInnerHTML={{ __html: data.bodyHtml }}
      />
      {data.post && (
        <footer className={ui.narrow}>
          <Button component={Link} to={data.post.path} size="md">
            Read “{data.post.title}” on the blog
          </Button>
        </footer>
      )}
    </article>
  );
}

import { Link } from '@tanstack/react-router';
import { trpc } from '../trpc.js';
import { formatLongDate, isoDate } from '../../domain/date-format.js';
import { useGoToNewsletter } from '../ui/newsletter.js';
import { Button } from '@mantine/core';
import { PageHeader } from '../ui/PageHeader.js';
import { StateMessage } from '../ui/StateMessage.js';
import ui from '../ui/ui.module.css';
import classes from './NewsletterArchivePage.module.css';
import type { PagePrefetch } from './prefetch.js';

export const prefetch: PagePrefetch = (utils) => utils.newsletterArchive.list.ensureData().catch(() => undefined);

/** /newsletter/archive: the sent issues the author listed in the web archive, newest first. */
export default function NewsletterArchivePage() {
  const issues = trpc.newsletterArchive.list.useQuery();
  const goToNewsletter = useGoToNewsletter();
  return (
    <>
      <PageHeader
        eyebrow="The newsletter"
        title="Newsletter Archive"
        lede="Past issues of the newsletter, as subscribers received them."
      />
      <div className={`${ui.narrow} ${classes.archive}`}>
        {issues.isError ? (
          <StateMessage tone="error" title="The archive could not be loaded" text="Please try again later." />
        ) : issues.data && issues.data.length === 0 ? (
          <StateMessage title="No issues yet" text="Subscribe below to receive the first one." />
        ) : (
          <ol className={classes.list}>
            {(issues.data ?? []).map((issue) => (
              <li key={issue.id} className={classes.item}>
                <time className={classes.date} dateTime={isoDate(issue.sentAt)}>
                  {formatLongDate(issue.sentAt)}
                </time>
                <Link to="/newsletter/archive/$id" params={{ id: issue.id }} className={classes.title}>
                  {issue.subject}
                </Link>
                {issue.preheader && <p className={classes.preheader}>{issue.preheader}</p>}
              </li>
            ))}
          </ol>
        )}
        <section className={ui.formCard} aria-labelledby="archive-subscribe-title">
          <h2 id="archive-subscribe-title" className={classes.subscribeTitle}>
            Receive the next issue
          </h2>
          <Button onClick={goToNewsletter}>Subscribe</Button>
        </section>
      </div>
    </>
  );
}

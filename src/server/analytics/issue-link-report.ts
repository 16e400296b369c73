import type { IssueLinkReport } from '../../domain/analytics.js';
import type { AppDatabase } from '../db/connection.js';

/** The most links a report lists (an issue with more is rare; the busiest come first). */
const MAX_LINKS = 200;

/** A sent issue's clicks per link (unique readers); undefined when there is no such issue. */
export async function issueLinkReport(db: AppDatabase, issueId: string): Promise<IssueLinkReport | undefined> {
  const issue = await db
    .selectFrom('newsletterIssues')
    .select(['id', 'subject'])
    .where('id', '=', issueId)
    .executeTakeFirst();
  if (!issue) return undefined;
  const links = await db
    .selectFrom('newsletterLinks as l')
    .leftJoin('newsletterLinkClicks as c', 'c.linkId', 'l.id')
    .select(['l.url', (eb) => eb.fn.count<number>('c.subscriberId').as('readers')])
    .where('l.issueId', '=', issueId)
    .groupBy(['l.id', 'l.url'])
    .orderBy('readers', 'desc')
    .orderBy('l.url')
    .limit(MAX_LINKS)
    .execute();
  const clickers = await db
    .selectFrom('newsletterLinkClicks as c')
    .innerJoin('newsletterLinks as l', 'l.id', 'c.linkId')
    .select((eb) => eb.fn.count<number>('c.subscriberId').distinct().as('count'))
    .where('l.issueId', '=', issueId)
    .executeTakeFirstOrThrow();
  const recipients = await db
    .selectFrom('mailQueue')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('mailingId', '=', issueId)
    .where('kind', '=', 'issue')
    .executeTakeFirstOrThrow();
  return {
    issueId: issue.id,
    subject: issue.subject,
    recipients: Number(recipients.count),
    clickers: Number(clickers.count),
    links: links.map((link) => ({ url: link.url, readers: Number(link.readers) })),
  };
}

import type { AppDatabase } from '../db/connection.js';
import type { MailSender } from '../newsletter/mail/mail-config.js';
import { messageIdFor } from '../newsletter/mail/mailer.js';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import { timestampNow } from '../db/row-conversion.js';
import { arcSubject, renderArcEmail, type ArcEmailKind } from './arc-email.js';
import { arcDownloadUrl, arcPageUrl } from './arc-links.js';
import { findApplication, findCampaign } from './arc-repository.js';

const KINDS: ArcEmailKind[] = ['selected', 'download-reminder', 'deadline-reminder', 'thanks'];
const MAILING_PREFIX = 'arc-';

/** The send queue's mailing of one ARC email of a campaign: one row per application, so each goes once. */
export const arcMailingId = (kind: ArcEmailKind, campaignId: string) => `${MAILING_PREFIX}${kind}:${campaignId}`;

function kindOf(mailingId: string): ArcEmailKind | null {
  const kind = mailingId.slice(MAILING_PREFIX.length, mailingId.indexOf(':'));
  return KINDS.find((known) => known === kind) ?? null;
}

/**
 * Queues one ARC email per application (the send queue's `arc` rows; the queue skips a row whose reader
 * unsubscribed, is suppressed, stepped back or, for a reminder, already reviewed). A row already queued
 * stays as it is: each email goes once per reader and campaign.
 */
export async function queueArcEmails(
  db: AppDatabase,
  kind: ArcEmailKind,
  campaignId: string,
  applicationIds: string[],
  siteOrigin: string,
): Promise<number> {
  if (applicationIds.length === 0) return 0;
  const now = timestampNow();
  const result = await db
    .insertInto('mailQueue')
    .columns(['mailingId', 'recipientId', 'kind', 'email', 'siteOrigin', 'status', 'nextAttemptAt', 'createdAt'])
    .expression((eb) =>
      eb
        .selectFrom('arcApplications as a')
        .innerJoin('newsletterSubscriptions as s', 's.id', 'a.subscriptionId')
        .where('a.id', 'in', applicationIds)
        .where('a.campaignId', '=', campaignId)
        .select((inner) => [
          inner.val(arcMailingId(kind, campaignId)).as('mailingId'),
          'a.id',
          inner.val('arc').as('kind'),
          's.email',
          inner.fn.coalesce('a.siteOrigin', inner.val(siteOrigin)).as('siteOrigin'),
          inner.val('pending').as('status'),
          inner.val(now).as('nextAttemptAt'),
          inner.val(now).as('createdAt'),
        ]),
    )
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Whether an `arc` row may still go when its turn comes: the reader is still subscribed (not unsubscribed,
 * bounced or deleted), not suppressed, chosen and not stepped back; a reminder only while no review is in.
 */
export function arcMailWanted(row: {
  mailingId: string;
  arcState: string | null;
  arcReviewedAt: string | null;
  subscriptionActive: number | null;
  suppressedEmail: string | null;
}): boolean {
  const kind = kindOf(row.mailingId);
  if (!kind || row.suppressedEmail !== null || row.subscriptionActive !== 1) return false;
  if (kind === 'thanks') return row.arcReviewedAt !== null;
  if (row.arcState !== 'selected') return false;
  return kind === 'selected' || row.arcReviewedAt === null;
}

/** The message of one queued ARC row (its personal links signed for the application). */
export class ArcEmails {
  constructor(
    private readonly db: AppDatabase,
    private readonly sender: MailSender,
    private readonly tokens: NewsletterTokens,
  ) {}

  async build(message: { mailingId: string; recipientId: string; email: string; siteOrigin: string }) {
    const kind = kindOf(message.mailingId);
    const application = kind ? await findApplication(this.db, message.recipientId) : undefined;
    const campaign = application ? await findCampaign(this.db, application.campaignId) : undefined;
    if (!kind || !application || !campaign) return null;
    const rendered = await renderArcEmail({
      kind,
      title: campaign.bookTitle,
      name: application.name,
      reviewBy: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(campaign.reviewBy),
      ),
      promise: campaign.promise,
      downloadUrl: arcDownloadUrl(this.tokens, message.siteOrigin, application.id),
      reviewUrl: arcPageUrl(this.tokens, message.siteOrigin, application.id),
    });
    return {
      to: message.email,
      subject: arcSubject(kind, campaign.bookTitle),
      ...rendered,
      messageId: messageIdFor(this.sender, `${message.mailingId}.${message.recipientId}`),
    };
  }
}

import { sql } from 'kysely';
import type { AppDatabase } from '../db/connection.js';
import { timestampNow } from '../db/row-conversion.js';
import type { MailEvent } from './provider-events/mail-event.js';
import { claimEventIds } from './seen-mail-events.js';
import { pauseUnhealthySends } from './send-health.js';
import { suppressAddress, suppressionKey } from './suppression-list.js';

const NOTE_MAX = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The issue a message belonged to: our Message-IDs are `<issue-id.recipient-id@domain>`. */
function issueOfMessageId(messageId: string | null): string | null {
  const local = messageId?.replace(/^</, '').split('@')[0] ?? '';
  const [mailing = '', recipient] = local.split('.');
  // A single email's random Message-ID (`<uuid@domain>`) belongs to no issue.
  return UUID.test(mailing) && recipient ? mailing : null;
}

export type AppliedEvents = { suppressed: number; softBounces: number; ignored: number; duplicates: number };

/**
 * Hard bounces and complaints suppress the address at once; soft bounces count up and suppress at
 * `softBounceLimit` in a row; a delivery resets the count. An event whose provider id was recorded
 * before (a replay, a provider's retry) changes nothing and counts as a duplicate. All in one transaction.
 */
export async function applyMailEvents(
  db: AppDatabase,
  events: MailEvent[],
  softBounceLimit: number,
): Promise<AppliedEvents> {
  const applied: AppliedEvents = { suppressed: 0, softBounces: 0, ignored: 0, duplicates: 0 };
  if (events.length === 0) return applied;
  const fresh: MailEvent[] = [];
  await db.transaction().execute(async (trx) => {
    const firstSeen = await claimEventIds(
      trx,
      events.flatMap((event) => (event.eventId ? [event.eventId] : [])),
    );
    for (const event of events) {
      // Claimed once: a second copy inside the same batch is a duplicate too.
      if (event.eventId && !firstSeen.delete(event.eventId)) {
        applied.duplicates++;
        continue;
      }
      fresh.push(event);
      const email = suppressionKey(event.email);
      if (!email.includes('@') || email.length > 320) {
        applied.ignored++;
        continue;
      }
      const issueId = issueOfMessageId(event.messageId);
      const note = event.detail.slice(0, NOTE_MAX) || null;
      if (event.kind === 'delivered') {
        await trx.deleteFrom('mailSoftBounces').where('email', '=', email).execute();
      } else if (event.kind === 'soft-bounce') {
        applied.softBounces++;
        const now = timestampNow();
        const row = await trx
          .insertInto('mailSoftBounces')
          .values({ email, bounces: 1, lastAt: now })
          .onConflict((conflict) =>
            conflict.column('email').doUpdateSet({ bounces: sql<number>`mail_soft_bounces.bounces + 1`, lastAt: now }),
          )
          .returning('bounces')
          .executeTakeFirstOrThrow();
        if (row.bounces >= softBounceLimit) {
          const added = await suppressAddress(trx, {
            email,
            reason: 'bounce',
            issueId,
            note: `${row.bounces} soft bounces in a row; last: ${note ?? ''}`.slice(0, NOTE_MAX),
          });
          if (added) applied.suppressed++;
        }
      } else {
        const reason = event.kind === 'complaint' ? 'complaint' : 'bounce';
        if (await suppressAddress(trx, { email, reason, issueId, note })) applied.suppressed++;
      }
    }
  });
  const issues = fresh.map((event) => issueOfMessageId(event.messageId)).filter((id): id is string => id !== null);
  if (issues.length > 0) await pauseUnhealthySends(db, issues);
  return applied;
}

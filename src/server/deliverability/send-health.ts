import { formatRate, sendHealthLevel, type SendHealth } from '../../domain/send-health.js';
import type { AppDatabase } from '../db/connection.js';
import { timestampNow } from '../db/row-conversion.js';

/** A mailing's bounce and complaint rates (over the messages sent so far) and whether it is paused. */
export async function sendHealth(db: AppDatabase, mailingId: string): Promise<SendHealth> {
  const sentRow = await db
    .selectFrom('mailQueue')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('mailingId', '=', mailingId)
    .where('status', '=', 'sent')
    .executeTakeFirstOrThrow();
  const reasons = await db
    .selectFrom('mailSuppressions')
    .select(['reason', (eb) => eb.fn.countAll<number>().as('count')])
    .where('issueId', '=', mailingId)
    .where('reason', 'in', ['bounce', 'complaint'])
    .groupBy('reason')
    .execute();
  const pause = await db
    .selectFrom('pausedMailings')
    .select('resumedAt')
    .where('mailingId', '=', mailingId)
    .executeTakeFirst();
  const sent = Number(sentRow.count);
  const bounces = Number(reasons.find((row) => row.reason === 'bounce')?.count ?? 0);
  const complaints = Number(reasons.find((row) => row.reason === 'complaint')?.count ?? 0);
  return {
    sent,
    bounces,
    complaints,
    bounceRate: sent ? bounces / sent : 0,
    complaintRate: sent ? complaints / sent : 0,
    level: sendHealthLevel(sent, bounces, complaints),
    paused: pause !== undefined && pause.resumedAt === null,
    resumed: pause?.resumedAt != null,
  };
}

/**
 * Pauses each of these mailings whose rates passed the pause thresholds, unless the author already
 * resumed it (their call stands). The send queue then leaves its messages waiting.
 */
export async function pauseUnhealthySends(db: AppDatabase, mailingIds: Iterable<string>): Promise<string[]> {
  const paused: string[] = [];
  for (const mailingId of new Set(mailingIds)) {
    const health = await sendHealth(db, mailingId);
    if (health.level !== 'pause' || health.paused || health.resumed) continue;
    const reason = `Bounces ${formatRate(health.bounceRate)}, complaints ${formatRate(health.complaintRate)} of ${health.sent} sent`;
    const added = await db
      .insertInto('pausedMailings')
      .values({ mailingId, pausedAt: timestampNow(), reason, resumedAt: null })
      .onConflict((conflict) => conflict.column('mailingId').doNothing())
      .returning('mailingId')
      .executeTakeFirst();
    if (added) paused.push(mailingId);
  }
  return paused;
}

/** The author resumes a paused send; false when it was not paused. */
export async function resumeSend(db: AppDatabase, mailingId: string): Promise<boolean> {
  const result = await db
    .updateTable('pausedMailings')
    .set({ resumedAt: timestampNow() })
    .where('mailingId', '=', mailingId)
    .where('resumedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

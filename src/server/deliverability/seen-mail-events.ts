import { createHash } from 'node:crypto';
import type { AppDatabase } from '../db/connection.js';

/**
 * How long a provider event's id is remembered. Providers retry a failed post for hours (SNS, Postmark,
 * SendGrid: up to a day or so); a replay after that of a signed-with-timestamp event is refused as stale
 * anyway, and one of a shared-secret provider would need the secret.
 */
const EVENT_ID_KEEP_MS = 3 * 86_400_000;
const ID_MAX = 300;

/**
 * The one dedupe key of a provider event: `provider:` and the provider's own id (SendGrid's
 * `sg_event_id`, Postmark's `ID`, SNS's `MessageId`, Mailgun's signed token), or, when the provider
 * gives none (Brevo), a hash of the event as sent, which holds its message id and timestamp.
 */
export function eventIdOf(provider: string, providerId: unknown, event: unknown): string {
  const own = typeof providerId === 'string' || typeof providerId === 'number' ? String(providerId) : '';
  if (own && own.length <= ID_MAX) return `${provider}:${own}`;
  const hash = createHash('sha256')
    .update(JSON.stringify(event) ?? '')
    .digest('base64url');
  return `${provider}:#${hash}`;
}

/**
 * Records each id as seen and returns those seen for the first time (inside the transaction that
 * applies their events, so a replay racing the original waits for it and then finds the id). Ids
 * older than EVENT_ID_KEEP_MS are pruned on the way.
 */
export async function claimEventIds(trx: AppDatabase, ids: string[], now = new Date()): Promise<Set<string>> {
  const fresh = new Set<string>();
  if (ids.length === 0) return fresh;
  await trx
    .deleteFrom('mailEventIds')
    .where('seenAt', '<', new Date(now.getTime() - EVENT_ID_KEEP_MS).toISOString())
    .execute();
  for (const eventId of new Set(ids)) {
    const claimed = await trx
      .insertInto('mailEventIds')
      .values({ eventId, seenAt: now.toISOString() })
      .onConflict((conflict) => conflict.column('eventId').doNothing())
      .returning('eventId')
      .executeTakeFirst();
    if (claimed) fresh.add(eventId);
  }
  return fresh;
}

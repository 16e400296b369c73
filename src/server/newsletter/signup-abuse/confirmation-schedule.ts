import type { AppDatabase } from '../../db/connection.js';

export const HOUR_MS = 60 * 60 * 1000;

/** CONFIRMATIONS_PER_HOUR and friends (see config.ts). */
export type ConfirmationCaps = {
  /** Every confirmation email of the site, per clock hour. */
  perHour: number;
  /** Confirmations to one destination domain (gmail.com, …), per clock hour. */
  perDomainPerHour: number;
  /** Sign-ups without a solved challenge while the challenge is on (the no-script form), per clock hour. */
  unverifiedPerHour: number;
};

export const DEFAULT_CONFIRMATION_CAPS: ConfirmationCaps = {
  perHour: 100,
  perDomainPerHour: 30,
  unverifiedPerHour: 10,
};

const GLOBAL_LANE = '*';

type Lane = { name: string; cap: number };

/** The lanes a confirmation to `email` is counted in. */
export function lanesFor(email: string, caps: ConfirmationCaps, unverified: boolean): Lane[] {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const lanes = [
    { name: GLOBAL_LANE, cap: caps.perHour },
    { name: `domain:${domain}`, cap: caps.perDomainPerHour },
  ];
  if (unverified) lanes.push({ name: 'unverified', cap: caps.unverifiedPerHour });
  return lanes;
}

export type ConfirmationSlot = { sendAt: Date; queued: boolean };

/** How far ahead a confirmation may be booked; beyond it the sign-up gets no email (the caps' backlog is absurd). */
const MAX_HOURS_AHEAD = 24 * 14;

/** A write lost to another instance's at the same moment (PostgreSQL): the whole booking is tried again. */
class LaneTaken extends Error {}

/**
 * Books a confirmation email into every lane's clock hour: the current hour while each lane has
 * room (sent at once), else the first later hour where all have room, at its place in that
 * hour (hour start + position × an hour / cap), so a backlog leaves evenly spread, never in a
 * burst. One conditional upsert per lane counts it, so several instances share the caps through
 * the database. Null when nothing fits within two weeks.
 */
/** Retries of a booking whose lane filled under it (see bookConfirmationSlot). */
const MAX_BOOKING_ATTEMPTS = 100;

export async function bookConfirmationSlot(
  db: AppDatabase,
  lanes: Lane[],
  now: Date,
): Promise<ConfirmationSlot | null> {
  // A lane taken under a booking means another booking filled that hour meanwhile: the next attempt reads
  // the new counts and moves on, so each retry makes progress (many sign-ups at once can take a few dozen).
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => bookOnce(trx, lanes, now));
    } catch (error) {
      if (!(error instanceof LaneTaken) || attempt >= MAX_BOOKING_ATTEMPTS) throw error;
    }
  }
}

async function bookOnce(db: AppDatabase, lanes: Lane[], now: Date): Promise<ConfirmationSlot | null> {
  const nowMs = now.getTime();
  const currentHour = Math.floor(nowMs / HOUR_MS);
  const counts = await db
    .selectFrom('confirmationSendCounts')
    .select(['lane', 'hour', 'sent'])
    .where(
      'lane',
      'in',
      lanes.map((lane) => lane.name),
    )
    .where('hour', '>=', currentHour)
    .execute();
  const sentIn = (lane: string, hour: number) =>
    counts.find((row) => row.lane === lane && Number(row.hour) === hour)?.sent ?? 0;

  let at = nowMs;
  const fullLanesNow = lanes.filter((lane) => sentIn(lane.name, currentHour) >= lane.cap).map((lane) => lane.name);
  for (let settled = false; !settled;) {
    settled = true;
    for (const lane of lanes) {
      const hour = Math.floor(at / HOUR_MS);
      if (hour - currentHour > MAX_HOURS_AHEAD) return null;
      const sent = sentIn(lane.name, hour);
      if (sent >= lane.cap) {
        at = (hour + 1) * HOUR_MS;
        settled = false;
        break;
      }
      // A later hour's confirmations take their places in it, spread out.
      const place = hour === currentHour ? nowMs : hour * HOUR_MS + Math.floor((sent * HOUR_MS) / lane.cap);
      if (place > at) at = place;
    }
  }

  const hour = Math.floor(at / HOUR_MS);
  const nowText = now.toISOString();
  let sendAt = at;
  for (const lane of lanes) {
    const counted = await db
      .insertInto('confirmationSendCounts')
      .values({ lane: lane.name, hour, sent: 1, fullAt: null })
      .onConflict((conflict) =>
        conflict
          .columns(['lane', 'hour'])
          .doUpdateSet((eb) => ({ sent: eb('confirmationSendCounts.sent', '+', 1) }))
          .where('confirmationSendCounts.sent', '<', lane.cap),
      )
      .returning('sent')
      .executeTakeFirst();
    if (!counted) throw new LaneTaken();
    // The count after this booking is its place: parallel bookings of one later hour never share a moment.
    if (hour > currentHour)
      sendAt = Math.max(sendAt, hour * HOUR_MS + Math.floor(((counted.sent - 1) * HOUR_MS) / lane.cap));
  }
  if (fullLanesNow.length > 0)
    await db
      .updateTable('confirmationSendCounts')
      .set({ fullAt: nowText })
      .where('lane', 'in', fullLanesNow)
      .where('hour', '=', currentHour)
      .execute();
  // Counts are kept a day (the challenge looks back an hour).
  await db
    .deleteFrom('confirmationSendCounts')
    .where('hour', '<', currentHour - 24)
    .execute();
  return { sendAt: new Date(sendAt), queued: hour > currentHour };
}

/** True while every confirmation of the site was refused its hour within the last hour (the cap is being hit). */
export async function globalCapHitSince(db: AppDatabase, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('confirmationSendCounts')
    .select('lane')
    .where('lane', '=', GLOBAL_LANE)
    .where('fullAt', '>', since.toISOString())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

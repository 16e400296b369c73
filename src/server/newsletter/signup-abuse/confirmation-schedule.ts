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
  /** Confirmations asked for from one network (an IPv4 /24, an IPv6 /48), per clock hour. */
  perNetworkPerHour: number;
};

export const DEFAULT_CONFIRMATION_CAPS: ConfirmationCaps = {
  perHour: 100,
  perDomainPerHour: 30,
  unverifiedPerHour: 10,
  perNetworkPerHour: 5,
};

/**
 * The share of CONFIRMATIONS_PER_HOUR kept, in every hour, for a network's first sign-up of the
 * hour (a fifth): a flood that fills the rest, however far ahead, leaves a reader from another
 * network that room.
 */
export const reservedPerHour = (caps: ConfirmationCaps): number => Math.floor(caps.perHour / 5);

const GLOBAL_LANE = '*';
const RESERVED_LANE = '*reserved';

/** A count of confirmations per clock hour, with its cap. */
type Lane = { name: string; cap: number };

/**
 * The lanes a confirmation is counted in. `global` and `reserved` are the two shares of the site's
 * cap (the reserved one only for a network's first confirmation of the hour, checked at booking);
 * every one of `lanes` must have room as well.
 */
export type ConfirmationLanes = { global: Lane; reserved: (Lane & { askedLane: string }) | null; lanes: Lane[] };

export type ConfirmationRequester = {
  /** The sign-up came without a solved challenge while the challenge is on: the slow lane, no reserved share. */
  unverified: boolean;
  /** The client's network (networkKeyOf), when known: its own hourly budget and its first of the hour. */
  network: string | null;
};

/** The lanes a confirmation to `email`, asked for by `requester`, is counted in. */
export function lanesFor(email: string, caps: ConfirmationCaps, requester: ConfirmationRequester): ConfirmationLanes {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const reserved = reservedPerHour(caps);
  const lanes: Lane[] = [{ name: `domain:${domain}`, cap: caps.perDomainPerHour }];
  if (requester.unverified) lanes.push({ name: 'unverified', cap: caps.unverifiedPerHour });
  const network = requester.network === null ? null : `network:${requester.network}`;
  if (network !== null) lanes.push({ name: network, cap: caps.perNetworkPerHour });
  return {
    global: { name: GLOBAL_LANE, cap: caps.perHour - reserved },
    reserved:
      reserved > 0 && network !== null && !requester.unverified
        ? { name: RESERVED_LANE, cap: reserved, askedLane: `asked-${network}` }
        : null,
    lanes,
  };
}

export type ConfirmationSlot = { sendAt: Date; queued: boolean };

/** How far ahead a confirmation may be booked; beyond it the sign-up gets no email (the caps' backlog is absurd). */
const MAX_HOURS_AHEAD = 24 * 14;

/** A write lost to another instance's at the same moment (PostgreSQL): the whole booking is tried again. */
class LaneTaken extends Error {}

/** Retries of a booking whose lane filled under it (see bookConfirmationSlot). */
const MAX_BOOKING_ATTEMPTS = 100;

/**
 * Books a confirmation email into its lanes' clock hour: the current hour while each lane has
 * room (sent at once), else the first later hour where all have room, at its place in that hour
 * (hour start + position × an hour / cap), so a backlog leaves evenly spread, never in a burst.
 * The site's cap is two shares: the open one, which anyone's backlog may fill hours ahead, and the
 * reserved one, taken only by a network's first confirmation of the current hour — so a flood
 * from a few networks, which its networks' own budgets spread out anyway, never pushes a reader
 * from another network behind it. One conditional upsert per lane counts it, so several
 * instances share the caps through the database. Null when nothing fits within two weeks.
 */
export async function bookConfirmationSlot(
  db: AppDatabase,
  lanes: ConfirmationLanes,
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

async function bookOnce(db: AppDatabase, booking: ConfirmationLanes, now: Date): Promise<ConfirmationSlot | null> {
  const nowMs = now.getTime();
  const currentHour = Math.floor(nowMs / HOUR_MS);
  const { global, reserved, lanes } = booking;
  const counts = await db
    .selectFrom('confirmationSendCounts')
    .select(['lane', 'hour', 'sent'])
    .where('lane', 'in', [
      global.name,
      ...(reserved ? [reserved.name, reserved.askedLane] : []),
      ...lanes.map((lane) => lane.name),
    ])
    .where('hour', '>=', currentHour)
    .execute();
  const sentIn = (lane: string, hour: number) =>
    counts.find((row) => row.lane === lane && Number(row.hour) === hour)?.sent ?? 0;
  const hasRoom = (lane: Lane, hour: number) => sentIn(lane.name, hour) < lane.cap;
  // The reserved share is for a network's first confirmation asked for in the current hour, wherever it went.
  const mayReserve = reserved !== null && sentIn(reserved.askedLane, currentHour) === 0;

  const pick = (): { hour: number; taken: Lane[] } | null => {
    for (let hour = currentHour; hour - currentHour <= MAX_HOURS_AHEAD; hour++) {
      if (!lanes.every((lane) => hasRoom(lane, hour))) continue;
      const share = hasRoom(global, hour) ? global : mayReserve && hasRoom(reserved, hour) ? reserved : null;
      if (share) return { hour, taken: [share, ...lanes] };
    }
    return null;
  };
  const picked = pick();
  if (!picked) return null;
  const { hour, taken } = picked;
  const fullLanesNow = [global, ...lanes]
    .filter((lane) => sentIn(lane.name, currentHour) >= lane.cap)
    .map((lane) => lane.name);
  const nowText = now.toISOString();
  // A later hour's confirmations take their places in it, spread out.
  let sendAt = hour === currentHour ? nowMs : hour * HOUR_MS;
  for (const lane of taken) {
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
  if (reserved) {
    // Counted for every confirmation the network asks for; taking the reserved share needs it to be the first.
    const asked = await db
      .insertInto('confirmationSendCounts')
      .values({ lane: reserved.askedLane, hour: currentHour, sent: 1, fullAt: null })
      .onConflict((conflict) => {
        const counting = conflict
          .columns(['lane', 'hour'])
          .doUpdateSet((eb) => ({ sent: eb('confirmationSendCounts.sent', '+', 1) }));
        return taken[0] === reserved ? counting.where('confirmationSendCounts.sent', '<', 1) : counting;
      })
      .returning('sent')
      .executeTakeFirst();
    if (!asked) throw new LaneTaken();
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

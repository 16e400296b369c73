import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkKeyOf } from '../../site/rate-limit/address-group.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  bookConfirmationSlot,
  DEFAULT_CONFIRMATION_CAPS,
  HOUR_MS,
  lanesFor,
  reservedPerHour,
  type ConfirmationSlot,
} from './confirmation-schedule.js';

/**
 * Issue 30, item 5: 200 sign-ups with solved challenges (6 ms of work each) used to fill the
 * site's hourly cap two hours ahead, so a reader who signed up next waited 2 h 25 min for the
 * confirmation. Each network (/24, /48) now has its own hourly budget and a fifth of the cap is
 * kept for a network's first sign-up of the hour. Bookings here run on a fake clock, in parallel
 * as the sign-ups of a flood arrive, and every check is on counts and booked send times.
 */
const caps = DEFAULT_CONFIRMATION_CAPS;
const openShare = caps.perHour - reservedPerHour(caps);
/** Seven minutes into an hour: the flood and the reader share one clock hour. */
const FLOOD_AT = new Date(Date.UTC(2026, 10, 27, 10, 7));
const READER_AT = new Date(FLOOD_AT.getTime() + 60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let run = 0;
async function flood(signups: { email: string; client: string }[], at: Date): Promise<ConfirmationSlot[]> {
  const slots: ConfirmationSlot[] = [];
  // In parallel batches of 50, as the sign-ups come in.
  for (let start = 0; start < signups.length; start += 50) {
    const batch = signups.slice(start, start + 50);
    const booked = await Promise.all(
      batch.map(({ email, client }) =>
        bookConfirmationSlot(
          t.services.db,
          lanesFor(email, caps, { unverified: false, network: networkKeyOf(client) }),
          at,
        ),
      ),
    );
    for (const slot of booked) {
      expect(slot).not.toBeNull();
      slots.push(slot!);
    }
  }
  return slots;
}

/** `count` sign-ups to distinct mailboxes on distinct domains, from `clients` rotating addresses. */
function signupsFrom(count: number, clients: (n: number) => string) {
  const batch = ++run;
  return Array.from({ length: count }, (_, n) => ({
    email: `bot${n}-${batch}@flood${n % 40}-${batch}.example`,
    client: clients(n),
  }));
}

async function clearCounts() {
  await t.services.db.deleteFrom('confirmationSendCounts').execute();
}

const waitOf = (slot: ConfirmationSlot, askedAt: Date) => slot.sendAt.getTime() - askedAt.getTime();

describe('a flood of solved sign-ups and the reader after it', () => {
  it('200 sign-ups from 50 addresses in 10 networks: the reader from another network is sent at once', async () => {
    await clearCounts();
    const slots = await flood(
      signupsFrom(200, (n) => `198.51.${n % 10}.${(n % 50) + 1}`),
      FLOOD_AT,
    );
    // Each network is held to its hourly budget: 10 networks × 5 now, the rest spread over later hours.
    const sentNow = slots.filter((slot) => !slot.queued).length;
    expect(sentNow).toBe(10 * caps.perNetworkPerHour);
    const perHour = new Map<number, number>();
    for (const slot of slots) {
      const hour = Math.floor(slot.sendAt.getTime() / HOUR_MS);
      perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
    }
    for (const count of perHour.values()) expect(count).toBeLessThanOrEqual(10 * caps.perNetworkPerHour);

    const [reader] = await flood([{ email: `reader-${run}@mail.example`, client: '203.0.113.9' }], READER_AT);
    expect(reader!.queued).toBe(false);
    expect(waitOf(reader!, READER_AT)).toBe(0);
  });

  it('200 sign-ups from 30 networks fill the open share of the hour; the reserved fifth takes the reader at once', async () => {
    await clearCounts();
    const slots = await flood(
      signupsFrom(200, (n) => `198.18.${n % 30}.${n + 1}`),
      FLOOD_AT,
    );
    // 30 networks × 5 would be 150: the open share (80) is full, and their firsts took it, not the reserve.
    expect(slots.filter((slot) => !slot.queued)).toHaveLength(openShare);
    const [reader] = await flood([{ email: `reader-${run}@mail.example`, client: '2001:db8:77::9' }], READER_AT);
    expect(reader!.queued).toBe(false);
    expect(waitOf(reader!, READER_AT)).toBe(0);
  });

  it('without the network budgets (the old booking) the same 200 push the reader two hours back', async () => {
    // The measure of what the fix changed: one shared lane of 100 an hour, first come first served.
    await clearCounts();
    const oldLanes = (email: string) => ({
      global: { name: '*', cap: caps.perHour },
      reserved: null,
      lanes: [{ name: `domain:${email.split('@')[1]}`, cap: caps.perDomainPerHour }],
    });
    for (const { email } of signupsFrom(200, () => ''))
      await bookConfirmationSlot(t.services.db, oldLanes(email), FLOOD_AT);
    const reader = await bookConfirmationSlot(t.services.db, oldLanes('reader@mail.example'), READER_AT);
    expect(reader!.queued).toBe(true);
    expect(waitOf(reader!, READER_AT)).toBeGreaterThan(HOUR_MS);
  });

  it("a network's first sign-up takes the reserved share once an hour, however many arrive at once", async () => {
    await clearCounts();
    // Other networks' backlog fills the open share of this hour and the next two.
    await flood(
      signupsFrom(openShare * 3, (n) => `198.18.${n % 50}.${n + 1}`),
      FLOOD_AT,
    );
    // 30 sign-ups from one /24 at once: exactly one takes a reserved place now; the rest wait in later hours.
    const burst = await flood(
      signupsFrom(30, (n) => `192.0.2.${n + 1}`),
      READER_AT,
    );
    expect(burst.filter((slot) => !slot.queued)).toHaveLength(1);
    const [reader] = await flood([{ email: `reader-${run}@mail.example`, client: '203.0.113.77' }], READER_AT);
    expect(reader!.queued).toBe(false);
  });

  it('unsolved sign-ups never take the reserved share', async () => {
    await clearCounts();
    await flood(
      signupsFrom(openShare, (n) => `198.18.${n}.1`),
      FLOOD_AT,
    );
    const slot = await bookConfirmationSlot(
      t.services.db,
      lanesFor('nojs@mail.example', caps, { unverified: true, network: networkKeyOf('203.0.113.5') }),
      READER_AT,
    );
    expect(slot!.queued).toBe(true);
  });
});

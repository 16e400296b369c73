import { describe, expect, it } from 'vitest';
import { IntakeSlots, SLOT_LIMITS } from './intake-slots.js';

// The bounce intake's slots with a given clock (milliseconds), so no test waits for a timeout.

describe('IntakeSlots', () => {
  it('admits 5 connections per address, and past 40 only addresses holding none', () => {
    const slots = new IntakeSlots();
    const admitted = (id: string, address: string) => slots.admit(id, address, 0).admitted;
    expect(Array.from({ length: 6 }, (_, n) => admitted(`a${n}`, '192.0.2.1'))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    for (let n = 0; n < 35; n++) admitted(`b${n}`, `198.51.100.${n}`);
    expect(slots.size).toBe(40);
    expect(admitted('again', '198.51.100.1')).toBe(false);
    expect(slots.admit('again', '198.51.100.1', 0)).toEqual({ admitted: false, reason: 'reserve' });
    for (let n = 0; n < 10; n++) expect(admitted(`c${n}`, `203.0.113.${n}`)).toBe(true);
    expect(slots.size).toBe(SLOT_LIMITS.inAll);
  });

  it('when full, a newcomer takes the slot of the connection idle longest, never one in a message', () => {
    const slots = new IntakeSlots();
    for (let n = 0; n < 50; n++) slots.admit(`s${n}`, `198.51.100.${n}`, n);
    // Too soon: nobody has been idle for evictableAfterMs yet.
    expect(slots.admit('new1', '203.0.113.1', 500)).toEqual({ admitted: false, reason: 'full' });
    slots.progress('s0', 900, true);
    slots.progress('s1', 1_500);
    expect(slots.admit('new1', '203.0.113.1', 2_000)).toEqual({ admitted: true, evict: 's2' });
    expect(slots.admit('new2', '203.0.113.2', 2_000)).toEqual({ admitted: true, evict: 's3' });
    expect(slots.release('s2')).toBe(false);
    expect(slots.size).toBe(50);
  });

  it('lists connections without progress for idleMs; NOOPs (no progress call) do not count', () => {
    const slots = new IntakeSlots();
    slots.admit('quiet', '192.0.2.1', 0);
    slots.admit('working', '192.0.2.2', 0);
    slots.progress('working', 9_000, true);
    expect(slots.idle(SLOT_LIMITS.idleMs)).toEqual(['quiet']);
    expect(slots.idle(9_000 + SLOT_LIMITS.idleMs)).toEqual(['quiet', 'working']);
  });
});

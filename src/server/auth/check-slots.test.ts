import { describe, expect, it } from 'vitest';
import { CheckSlots } from './check-slots.js';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('CheckSlots', () => {
  it('never runs more tasks at once than it has slots; waiters take freed slots in order', async () => {
    const slots = new CheckSlots(2, 5_000, 10);
    let running = 0;
    let peak = 0;
    const gates = Array.from({ length: 6 }, gate);
    const order: number[] = [];
    const runs = gates.map((g, n) =>
      slots.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        order.push(n);
        await g.opened;
        running -= 1;
        return n;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(running).toBe(2);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5].map((value) => ({ value })));
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('refuses a task that waited too long, or when too many already wait', async () => {
    const slots = new CheckSlots(1, 50, 1);
    const held = gate();
    const first = slots.run(() => held.opened);
    const waiting = slots.run(async () => 'late');
    expect(await slots.run(async () => 'queue full')).toBeNull();
    expect(await waiting).toBeNull();
    held.open();
    await first;
    expect(await slots.run(async () => 'free again')).toEqual({ value: 'free again' });
  });

  it('frees the slot when a task throws', async () => {
    const slots = new CheckSlots(1, 50, 1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 1)).toEqual({ value: 1 });
  });
});

/** The bounce intake's connection limits (bounce-intake.ts), defaults for production. */
export type SlotLimits = {
  /** Connections admitted at once. */
  inAll: number;
  /** Connections from one address at once. */
  perAddress: number;
  /** Past this many, a new connection is admitted only from an address holding none (the reserve). */
  shared: number;
  /** A connection that makes no progress (MAIL FROM, RCPT TO, message bytes) for this long is closed. */
  idleMs: number;
  /** When all are taken, a connection idle this long (and not in a message) gives up its slot to a new one. */
  evictableAfterMs: number;
};

export const SLOT_LIMITS: SlotLimits = {
  inAll: 50,
  perAddress: 5,
  shared: 40,
  idleMs: 10_000,
  evictableAfterMs: 1_000,
};

type Slot = { address: string; lastProgressAt: number; inMessage: boolean };

export type Admission =
  { admitted: true; evict: string | null } | { admitted: false; reason: 'address' | 'reserve' | 'full' };

/**
 * Who holds the intake's connection slots. Bounces come from many mail servers, each sending within
 * milliseconds of connecting, so an idle connection is a waste of a slot: one that makes no progress
 * for `idleMs` is closed (see `idle`), and when every slot is taken the one idle longest gives way to
 * the newcomer. The last `inAll - shared` slots go only to addresses holding none, so a few
 * addresses cannot take them all. Ten addresses holding all 50 slots for 30 s kept every DSN out.
 */
export class IntakeSlots {
  private readonly slots = new Map<string, Slot>();
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly limits: SlotLimits = SLOT_LIMITS) {}

  get size(): number {
    return this.slots.size;
  }

  /** Admits session `id` from `address`, possibly by evicting the returned session (its caller closes it). */
  admit(id: string, address: string, now: number): Admission {
    const held = this.perAddress.get(address) ?? 0;
    if (held >= this.limits.perAddress) return { admitted: false, reason: 'address' };
    if (this.slots.size >= this.limits.shared && held > 0) return { admitted: false, reason: 'reserve' };
    let evict: string | null = null;
    if (this.slots.size >= this.limits.inAll) {
      evict = this.idlest(now);
      if (evict === null) return { admitted: false, reason: 'full' };
      this.release(evict);
    }
    this.slots.set(id, { address, lastProgressAt: now, inMessage: false });
    this.perAddress.set(address, held + 1);
    return { admitted: true, evict };
  }

  /** The session made progress (a command that moves a delivery on, or message bytes). */
  progress(id: string, now: number, inMessage?: boolean): void {
    const slot = this.slots.get(id);
    if (!slot) return;
    slot.lastProgressAt = now;
    if (inMessage !== undefined) slot.inMessage = inMessage;
  }

  /** Frees the session's slot; false when it held none (refused, or evicted already). */
  release(id: string): boolean {
    const slot = this.slots.get(id);
    if (!slot) return false;
    this.slots.delete(id);
    const held = (this.perAddress.get(slot.address) ?? 1) - 1;
    if (held > 0) this.perAddress.set(slot.address, held);
    else this.perAddress.delete(slot.address);
    return true;
  }

  /** Sessions that made no progress for `idleMs`: to be closed. */
  idle(now: number): string[] {
    return [...this.slots].filter(([, slot]) => now - slot.lastProgressAt >= this.limits.idleMs).map(([id]) => id);
  }

  private idlest(now: number): string | null {
    let found: string | null = null;
    let oldest = now - this.limits.evictableAfterMs;
    for (const [id, slot] of this.slots) {
      if (!slot.inMessage && slot.lastProgressAt <= oldest) {
        found = id;
        oldest = slot.lastProgressAt;
      }
    }
    return found;
  }
}

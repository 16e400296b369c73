import type { GuessLedger, GuessVerdict } from '../auth/guess-throttle.js';
import { LIMITS, type LimitDecision, type LimitName, type RequestLimiter } from '../rate-limit/request-limits.js';
import { GrantedLimiter } from './granted-limiter.js';
import type { InvalidationBus } from './invalidation-bus.js';
import type { LimitStore } from './limit-store.js';
import {
  isPrimaryMessage,
  type PrimaryMessage,
  type Reply,
  type ReservedGuess,
  type WorkerCall,
  type WorkerMessage,
} from './messages.js';

/** The worker's end of the IPC channel to the primary (a cluster worker's `process`). */
export type Channel = {
  send?: ((message: WorkerMessage) => boolean) | undefined;
  connected?: boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
};

/** An answer this late means the primary is stuck; the caller falls back (see each use). */
const CALL_TIMEOUT_MS = 2_000;
/** What a guess is told to wait when the shared throttle cannot be asked. */
const UNREACHABLE_GUESS_WAIT_MS = 1_000;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/** Calls to the cluster's primary over IPC, each answered by its id. */
export class WorkerLink {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly clearListeners = new Set<() => void>();
  private outgoing: Array<{ id: number; call: WorkerCall }> = [];

  constructor(private readonly channel: Channel) {
    channel.on('message', (message) => {
      if (isPrimaryMessage(message)) this.receive(message);
    });
  }

  call<T>(call: WorkerCall): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`the cluster primary did not answer ${call.method} in ${CALL_TIMEOUT_MS} ms`));
      }, CALL_TIMEOUT_MS);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      this.outgoing.push({ id, call });
      if (this.outgoing.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const calls = this.outgoing;
    this.outgoing = [];
    if (this.post({ site: 1, kind: 'calls', calls })) return;
    for (const { id } of calls) this.settle({ id, error: 'the cluster primary is gone' });
  }

  /** Sends without waiting for an answer; false when the channel is closed. */
  post(message: WorkerMessage): boolean {
    if (!this.channel.send || this.channel.connected === false) return false;
    try {
      return this.channel.send(message);
    } catch {
      return false;
    }
  }

  onClear(listener: () => void): () => void {
    this.clearListeners.add(listener);
    return () => this.clearListeners.delete(listener);
  }

  private receive(message: PrimaryMessage): void {
    if (message.kind === 'clear') {
      for (const listener of this.clearListeners) listener();
      // Acknowledged only once this worker's caches are empty: the writer's answer waits for it.
      this.post({ site: 1, kind: 'cleared', id: message.id });
      return;
    }
    for (const reply of message.replies) this.settle(reply);
  }

  private settle(reply: Reply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    clearTimeout(pending.timer);
    if (reply.error !== undefined) pending.reject(new Error(reply.error));
    else pending.resolve(reply.value);
  }
}

/** Invalidation through the primary, which relays it to every other worker and waits for their acks. */
export class ClusterInvalidationBus implements InvalidationBus {
  constructor(private readonly link: WorkerLink) {}

  async publish(): Promise<void> {
    // A stuck primary must not hold up the writer's answer for ever; the timeout bounds it.
    await this.link.call({ method: 'invalidate' }).catch(() => undefined);
  }

  subscribe(listener: () => void): () => void {
    return this.link.onClear(listener);
  }
}

/** A limit counted by the primary for every worker. Fails open: a public read is not refused for a stuck primary. */
class SharedLimiter implements RequestLimiter {
  readonly limit: number;
  readonly windowMs: number;

  constructor(
    private readonly link: WorkerLink,
    private readonly name: LimitName,
  ) {
    this.limit = LIMITS[name].limit;
    this.windowMs = LIMITS[name].windowMs;
  }

  consume(key: string): Promise<LimitDecision> {
    return this.link
      .call<LimitDecision>({ method: 'limit', name: this.name, key })
      .catch((): LimitDecision => ({ allowed: true }));
  }
}

/** The login throttle kept by the primary. Fails closed: no password is checked without it. */
class SharedGuessLedger implements GuessLedger {
  constructor(private readonly link: WorkerLink) {}

  waitFor(address: string): Promise<number> {
    return this.link.call<number>({ method: 'guess.waitFor', address }).catch(() => UNREACHABLE_GUESS_WAIT_MS);
  }

  async reserve(address: string): Promise<GuessVerdict> {
    const reserved = await this.link
      .call<ReservedGuess>({ method: 'guess.reserve', address })
      .catch((): ReservedGuess => ({ allowed: false, retryAfterMs: UNREACHABLE_GUESS_WAIT_MS }));
    if (!reserved.allowed) return reserved;
    let settled = false;
    return {
      allowed: true,
      settle: (outcome) => {
        if (settled) return;
        settled = true;
        this.link.post({ site: 1, kind: 'settle', ticket: reserved.ticket, outcome });
      },
    };
  }

  async forget(address: string): Promise<void> {
    await this.link.call({ method: 'guess.forget', address }).catch(() => undefined);
  }
}

/** The counters of the primary, asked over IPC. */
export class SharedLimitStore implements LimitStore {
  private readonly ledger: SharedGuessLedger;

  constructor(private readonly link: WorkerLink) {
    this.ledger = new SharedGuessLedger(link);
  }

  limiter(name: LimitName): RequestLimiter {
    return name === 'publicRead' ? new GrantedLimiter(this.link, name) : new SharedLimiter(this.link, name);
  }

  guesses(): GuessLedger {
    return this.ledger;
  }
}

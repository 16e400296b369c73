import type { GuessOutcome, GuessVerdict } from '../auth/guess-throttle.js';
import type { LocalLimitStore } from './limit-store.js';
import type { LimitName } from '../rate-limit/request-limits.js';
import { isWorkerMessage, type PrimaryMessage, type Reply, type ReservedGuess, type WorkerCall } from './messages.js';

/** A worker as the hub sees it: cluster's Worker in production. */
export type WorkerPeer = { id: number; send(message: PrimaryMessage): boolean };

/** The most hits of one key a worker is granted at once: one message per this many requests at best. */
const MAX_GRANT = 32;

/** A worker that has not acknowledged a clear by then is hung; the writer's answer goes without it. */
const CLEAR_ACK_TIMEOUT_MS = 1_000;

type Settle = Extract<GuessVerdict, { allowed: true }>['settle'];
type Broadcast = { waitingFor: Set<number>; finish: () => void };

/**
 * The primary's side of the cluster: keeps the counters every worker shares (its LimitStore), and
 * relays a worker's "caches changed" to every other listening worker, answering the writer once
 * all of them have cleared.
 */
export class PrimaryHub {
  private readonly peers = new Map<number, WorkerPeer>();
  /** Workers that listen for requests, and so hold caches to clear. */
  private readonly listening = new Set<number>();
  private readonly tickets = new Map<number, { peerId: number; settle: Settle }>();
  private readonly broadcasts = new Map<number, Broadcast>();
  private readonly replies = new Map<number, Reply[]>();
  private nextTicket = 1;
  private nextBroadcast = 1;

  constructor(
    private readonly store: LocalLimitStore,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  attach(peer: WorkerPeer): void {
    this.peers.set(peer.id, peer);
  }

  markListening(peerId: number): void {
    if (this.peers.has(peerId)) this.listening.add(peerId);
  }

  /** A worker is gone: its unsettled guesses count as failed, and nobody waits for its acks. */
  detach(peerId: number): void {
    this.peers.delete(peerId);
    this.listening.delete(peerId);
    for (const [ticket, held] of this.tickets) {
      if (held.peerId !== peerId) continue;
      this.tickets.delete(ticket);
      void held.settle('failed');
    }
    for (const [id, broadcast] of this.broadcasts) this.acknowledge(id, peerId, broadcast);
  }

  receive(peerId: number, message: unknown): void {
    if (!isWorkerMessage(message)) return;
    if (message.kind === 'settle') return this.settle(peerId, message.ticket, message.outcome);
    if (message.kind === 'cleared') {
      const broadcast = this.broadcasts.get(message.id);
      if (broadcast) this.acknowledge(message.id, peerId, broadcast);
      return;
    }
    for (const { id, call } of message.calls) {
      this.answer(peerId, call).then(
        (value) => this.reply(peerId, { id, value }),
        (error: unknown) => this.reply(peerId, { id, error: String(error) }),
      );
    }
  }

  /** Replies ready in one turn of the event loop go to their worker in one message. */
  private reply(peerId: number, reply: Reply): void {
    let queue = this.replies.get(peerId);
    if (!queue) {
      queue = [];
      this.replies.set(peerId, queue);
      setImmediate(() => {
        this.replies.delete(peerId);
        this.peers.get(peerId)?.send({ site: 1, kind: 'replies', replies: queue! });
      });
    }
    queue.push(reply);
  }

  private async answer(peerId: number, call: WorkerCall): Promise<unknown> {
    const guesses = this.store.guesses();
    switch (call.method) {
      case 'invalidate':
        return this.clearOthers(peerId);
      case 'limit':
        return this.store.limiter(call.name).consume(call.key);
      case 'limit.grant':
        return this.store.grant(call.name, call.key, this.grantSize(call.name, call.key));
      case 'guess.waitFor':
        return guesses.waitFor(call.address);
      case 'guess.forget':
        return guesses.forget(call.address);
      case 'guess.reserve': {
        const verdict = await guesses.reserve(call.address);
        if (!verdict.allowed) return verdict satisfies ReservedGuess;
        const ticket = this.nextTicket++;
        this.tickets.set(ticket, { peerId, settle: verdict.settle });
        return { allowed: true, ticket } satisfies ReservedGuess;
      }
    }
  }

  /**
   * A share of what the key has left, split between the workers with room to spare, so that near
   * the limit each grant is a single hit and no worker holds many the others could have served.
   */
  private grantSize(name: LimitName, key: string): number {
    const limiter = this.store.limiter(name);
    const left = limiter.limit - limiter.countOf(key);
    return Math.max(1, Math.min(MAX_GRANT, Math.floor(left / (2 * Math.max(1, this.listening.size)))));
  }

  private settle(peerId: number, ticket: number, outcome: GuessOutcome): void {
    const held = this.tickets.get(ticket);
    if (!held || held.peerId !== peerId) return;
    this.tickets.delete(ticket);
    void held.settle(outcome);
  }

  private clearOthers(fromPeerId: number): Promise<void> {
    const targets = [...this.listening].filter((id) => id !== fromPeerId);
    if (targets.length === 0) return Promise.resolve();
    const id = this.nextBroadcast++;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        const late = this.broadcasts.get(id)?.waitingFor;
        if (late?.size)
          this.log(`cache clear: no answer in ${CLEAR_ACK_TIMEOUT_MS} ms from worker ${[...late].join(', ')}`);
        this.broadcasts.delete(id);
        resolve();
      }, CLEAR_ACK_TIMEOUT_MS);
      const broadcast: Broadcast = {
        waitingFor: new Set(targets),
        finish: () => {
          clearTimeout(timer);
          this.broadcasts.delete(id);
          resolve();
        },
      };
      this.broadcasts.set(id, broadcast);
      for (const target of targets) {
        const sent = this.peers.get(target)?.send({ site: 1, kind: 'clear', id }) ?? false;
        if (!sent) broadcast.waitingFor.delete(target);
      }
      if (broadcast.waitingFor.size === 0) broadcast.finish();
    });
  }

  private acknowledge(id: number, peerId: number, broadcast: Broadcast): void {
    broadcast.waitingFor.delete(peerId);
    if (broadcast.waitingFor.size === 0 && this.broadcasts.get(id) === broadcast) broadcast.finish();
  }
}

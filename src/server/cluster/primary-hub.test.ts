import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../auth/guess-throttle.js';
import { PublicCache } from '../cache/public-cache.js';
import { LIMITS } from '../rate-limit/request-limits.js';
import { LocalLimitStore } from './limit-store.js';
import { PrimaryHub } from './primary-hub.js';
import { ClusterInvalidationBus, SharedLimitStore, WorkerLink } from './worker-link.js';

/**
 * Workers wired to a hub as the cluster wires them: each message is copied through JSON (as Node's
 * IPC does) and delivered on a later turn of the event loop. `hung` stops a worker from reading.
 */
function clusterOf(count: number) {
  const hub = new PrimaryHub(new LocalLimitStore());
  const workers = Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const toWorker = new EventEmitter();
    const state = { hung: false, messages: 0 };
    const channel = {
      connected: true,
      send: (message: unknown) => {
        state.messages += 1;
        const copy: unknown = JSON.parse(JSON.stringify(message));
        setImmediate(() => hub.receive(id, copy));
        return true;
      },
      on: (event: 'message', listener: (message: unknown) => void) => toWorker.on(event, listener),
    };
    hub.attach({
      id,
      send: (message) => {
        const copy: unknown = JSON.parse(JSON.stringify(message));
        if (!state.hung) setImmediate(() => toWorker.emit('message', copy));
        return true;
      },
    });
    hub.markListening(id);
    const link = new WorkerLink(channel);
    return { id, link, state, bus: new ClusterInvalidationBus(link), limits: new SharedLimitStore(link) };
  });
  return { hub, workers };
}

describe('the cluster primary and its workers', () => {
  it('clears every other worker before the writer is answered', async () => {
    const { workers } = clusterOf(3);
    const cleared: number[] = [];
    for (const worker of workers) worker.bus.subscribe(() => cleared.push(worker.id));
    await workers[0]!.bus.publish();
    expect(cleared.sort()).toEqual([2, 3]);
  });

  it('PublicCache: a clear in one worker empties every other worker’s before its propagation resolves', async () => {
    const { workers } = clusterOf(2);
    const [writer, reader] = workers.map((worker) => new PublicCache(worker.bus));
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await reader!.get('books', load)).toBe(1);
    expect(await reader!.get('books', load)).toBe(1);
    let readerPages = 1;
    reader!.onClear(() => (readerPages = 0));

    writer!.clear();
    const propagation = writer!.propagation();
    expect(propagation).not.toBeNull();
    await propagation;
    expect(readerPages).toBe(0);
    expect(await reader!.get('books', load)).toBe(2);
    expect(writer!.propagation()).toBeNull();
  });

  it('answers the writer after a second when a worker is hung, and once it is gone without waiting', async () => {
    const { hub, workers } = clusterOf(2);
    workers[1]!.state.hung = true;
    const startedAt = Date.now();
    await workers[0]!.bus.publish();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
    hub.detach(2);
    const again = Date.now();
    await workers[0]!.bus.publish();
    expect(Date.now() - again).toBeLessThan(500);
  });

  it('counts a limit across workers, whichever one is asked, in batched messages', async () => {
    const { workers } = clusterOf(2);
    const limiters = workers.map((worker) => worker.limits.limiter('formWrite'));
    const decisions = await Promise.all(
      Array.from({ length: LIMITS.formWrite.limit + 6 }, (_, n) => limiters[n % 2]!.consume('203.0.113.9')),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(LIMITS.formWrite.limit);
    expect(decisions.at(-1)).toMatchObject({ allowed: false, retryAfterMs: expect.any(Number) as number });
    // 16 calls made in one turn: one message from each worker, not one per call.
    expect(workers.map((worker) => worker.state.messages)).toEqual([1, 1]);
  });

  it('serves the read limit from grants: never more than the limit, at most a few less, in few messages', async () => {
    const { workers } = clusterOf(2);
    const limiters = workers.map((worker) => worker.limits.limiter('publicRead'));
    const limit = LIMITS.publicRead.limit;
    let served = 0;
    // One by one, alternating workers (as a client opening new connections).
    for (let n = 0; n < limit + 50; n++) if ((await limiters[n % 2]!.consume('192.0.2.80')).allowed) served += 1;
    expect(served).toBeLessThanOrEqual(limit);
    expect(served).toBeGreaterThanOrEqual(limit - 2);
    expect(workers[0]!.state.messages + workers[1]!.state.messages).toBeLessThan(limit / 4);

    // All at once from another address: requests waiting for a grant share one question.
    const burst = await Promise.all(
      Array.from({ length: limit + 50 }, (_, n) => limiters[n % 2]!.consume('192.0.2.81')),
    );
    const allowed = burst.filter((decision) => decision.allowed).length;
    expect(allowed).toBeLessThanOrEqual(limit);
    expect(allowed).toBeGreaterThanOrEqual(limit - 2);
    expect(burst.find((decision) => !decision.allowed)).toMatchObject({ retryAfterMs: expect.any(Number) as number });
  });

  it('keeps one login throttle: failures on one worker make the address wait on the other', async () => {
    const { workers } = clusterOf(2);
    const [a, b] = workers.map((worker) => worker.limits.guesses());
    for (let n = 0; n <= FREE_FAILURES; n++) {
      const ledger = n % 2 ? a! : b!;
      const verdict = await ledger.reserve('198.51.100.7');
      expect(verdict.allowed).toBe(true);
      if (verdict.allowed) void verdict.settle('failed');
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(await a!.waitFor('198.51.100.7')).toBeGreaterThan(0);
    expect(await b!.reserve('198.51.100.7')).toMatchObject({ allowed: false });
  });

  it('counts the check of a worker that died during it as a failure, and frees the address', async () => {
    const { hub, workers } = clusterOf(2);
    const ledger = workers[0]!.limits.guesses();
    expect((await ledger.reserve('192.0.2.44')).allowed).toBe(true);
    // While the check runs, the address waits (one check at a time, across workers).
    expect(await workers[1]!.limits.guesses().waitFor('192.0.2.44')).toBeGreaterThan(0);
    hub.detach(1);
    expect(await workers[1]!.limits.guesses().waitFor('192.0.2.44')).toBe(0);
  });

  it('fails closed for guesses and open for reads when the primary is gone', async () => {
    const channel = { connected: false, send: () => false, on: () => undefined };
    const limits = new SharedLimitStore(new WorkerLink(channel));
    expect(await limits.limiter('publicRead').consume('192.0.2.1')).toEqual({ allowed: true });
    expect(await limits.guesses().reserve('192.0.2.1')).toMatchObject({ allowed: false });
    expect(await limits.guesses().waitFor('192.0.2.1')).toBeGreaterThan(0);
  });
});

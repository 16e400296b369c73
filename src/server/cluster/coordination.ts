import { LocalInvalidationBus, type InvalidationBus } from './invalidation-bus.js';
import { RoleJobGate, type JobGate } from './job-gate.js';
import { LocalLimitStore, type LimitStore } from './limit-store.js';
import { ClusterInvalidationBus, SharedLimitStore, WorkerLink, type Channel } from './worker-link.js';

/**
 * What server processes of one site share: cache invalidation, the per-address counters, and
 * which process runs the scheduled jobs. Each is an interface with an implementation for one
 * box; the PostgreSQL ones (LISTEN/NOTIFY, counter tables, an advisory lock) go beside them.
 */
export type Coordination = { bus: InvalidationBus; limits: LimitStore; jobs: JobGate };

/** Set by the primary on the one worker that runs the scheduled and start-up jobs (internal, not configuration). */
export const JOB_ROLE_ENV = 'SITE_WORKER_RUNS_JOBS';

/** A server that runs alone (WORKERS=1, the tests): everything in this process. */
export function singleProcessCoordination(): Coordination {
  return { bus: new LocalInvalidationBus(), limits: new LocalLimitStore(), jobs: new RoleJobGate(true) };
}

/** A cluster worker: caches cleared and counters kept through the primary; jobs if the primary said so. */
export function clusterWorkerCoordination(channel: Channel, env: NodeJS.ProcessEnv): Coordination {
  const link = new WorkerLink(channel);
  return {
    bus: new ClusterInvalidationBus(link),
    limits: new SharedLimitStore(link),
    jobs: new RoleJobGate(env[JOB_ROLE_ENV] === '1'),
  };
}

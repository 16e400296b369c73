/** Stops a scheduled job (clears its timers); a job under way finishes on its own. */
/** Stops a job; a job with work in flight (the mail queue) answers when that work is recorded. */
export type StopJob = () => void | Promise<void>;

/**
 * Scheduled jobs (backups, the mail queue, scheduled posts) run in one process only. Every job is
 * started through the gate: `jobs.start('backups', () => startBackupSchedule(...))`.
 * One box: the process runs alone (AlwaysRunJobs), or the cluster's primary gives the job role to
 * exactly one worker (and to its replacement if it dies). Several boxes on PostgreSQL: an advisory
 * lock held by one instance, beside these.
 */
export interface JobGate {
  /** Starts the job here if this process runs jobs; returns how to stop it (a no-op otherwise). */
  start(name: string, startJob: () => StopJob): StopJob;
  /** Whether this process runs jobs (one-time start-up jobs ask this too). */
  readonly runsJobs: boolean;
}

/** This process runs every job: a single server, or the cluster worker with the job role. */
export class RoleJobGate implements JobGate {
  constructor(readonly runsJobs: boolean = true) {}

  start(_name: string, startJob: () => StopJob): StopJob {
    return this.runsJobs ? startJob() : () => undefined;
  }
}

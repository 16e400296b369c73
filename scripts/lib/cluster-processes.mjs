// The worker processes of a server started with WORKERS > 1, found through /proc (Linux): the
// tests and scripts/bench-workers.mjs use them to kill one. Types: cluster-processes.d.mts.
import { readdirSync, readFileSync } from 'node:fs';

/** The parent pid of a process, from /proc/<pid>/stat; null when it is gone. */
function parentOf(pid) {
  try {
    // Fields after the command name (in parentheses, which may contain spaces): state, then ppid.
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ')[1]);
  } catch {
    return null;
  }
}

/** The pids of the cluster primary's workers (its child processes), in ascending order. */
export function workerPids(primaryPid) {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => parentOf(pid) === primaryPid)
    .sort((a, b) => a - b);
}

/** Whether the worker was given the job role by its primary (SITE_WORKER_RUNS_JOBS=1 in its environment). */
export function runsJobs(pid) {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes('SITE_WORKER_RUNS_JOBS=1');
  } catch {
    return false;
  }
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

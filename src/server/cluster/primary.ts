import cluster, { type Worker } from 'node:cluster';
import { removePidFile, writePidFile } from '../backup/running-server.js';
import type { AppConfig } from '../config.js';
import { StartupError } from '../startup/startup-error.js';
import { JOB_ROLE_ENV } from './coordination.js';
import { LocalLimitStore } from './limit-store.js';
import { PrimaryHub } from './primary-hub.js';

/** Workers get this long to finish their requests (and a backup under way) after SIGTERM. */
const STOP_TIMEOUT_MS = 30_000;
/** A worker that dies sooner than this after its start counts as crashing: the next one waits longer. */
const QUICK_DEATH_MS = 5_000;
const MAX_RESTART_DELAY_MS = 10_000;
const CLEAN_EXIT_GRACE_MS = 500;

type Log = { info(message: string): void; warn(message: string): void; error(message: string): void };

const consoleLog: Log = {
  info: (message) => console.log(`[primary] ${message}`),
  warn: (message) => console.warn(`[primary] ${message}`),
  error: (message) => console.error(`[primary] ${message}`),
};

/**
 * The primary of WORKERS > 1: it serves no request. The site (database migrations, demo seed,
 * admin user) was prepared before it was called, once; it then starts `config.workers` server
 * processes on one port, keeps the counters they share and relays their cache clears, replaces
 * a worker that dies, and stops them all on SIGTERM/SIGINT. One worker runs the jobs. Resolves
 * once the first worker listens; rejects when no worker ever could.
 */
export function runClusterPrimary(config: AppConfig, log: Log = consoleLog): Promise<void> {
  const hub = new PrimaryHub(new LocalLimitStore(), log.warn);
  const startedAt = new Map<number, number>();
  let jobWorkerId: number | null = null;
  let everListened = false;
  let stopping = false;
  let quickDeaths = 0;

  /** Workers started in place of one that ended: their start is logged. */
  const replacements = new Set<number>();

  const startWorker = (replacing = false) => {
    if (stopping) return;
    const runsJobs = jobWorkerId === null;
    const worker = cluster.fork({ [JOB_ROLE_ENV]: runsJobs ? '1' : '0' });
    if (runsJobs) jobWorkerId = worker.id;
    startedAt.set(worker.id, Date.now());
    if (replacing) replacements.add(worker.id);
    hub.attach({ id: worker.id, send: (message) => sendTo(worker, message) });
    // A closed channel (the worker is dying) is reported by its exit; nothing to do here.
    worker.on('error', () => undefined);
  };

  cluster.on('message', (worker, message) => hub.receive(worker.id, message));

  return new Promise<void>((resolve, reject) => {
    cluster.on('listening', (worker, address) => {
      hub.markListening(worker.id);
      quickDeaths = 0;
      if (replacements.delete(worker.id)) log.info(`worker ${worker.process.pid} is serving`);
      if (everListened) return;
      everListened = true;
      const port = address.port || config.port;
      // Tells `npm run restore` that the site is running on this DATA_DIR (the primary's pid).
      writePidFile(config.dataDir, port).then(() => {
        log.info(`${config.workers} workers serving on port ${port} (primary pid ${process.pid})`);
        resolve();
      }, reject);
    });

    cluster.on('exit', (worker, code, signal) => {
      hub.detach(worker.id);
      replacements.delete(worker.id);
      if (worker.id === jobWorkerId) jobWorkerId = null;
      const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
      startedAt.delete(worker.id);
      if (stopping) return;
      if (!everListened) {
        // No worker ever came up (the port is taken, the database cannot be opened…): the start failed.
        stop('a worker failed to start').then(
          () => reject(new StartupError('The server did not start: see the worker’s message above.')),
          reject,
        );
        return;
      }
      quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
      const backoff = quickDeaths === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 250 * 2 ** (quickDeaths - 1));
      // A clean exit follows a signal, which systemd or a terminal's Ctrl-C sends to the primary too:
      // wait for it a moment before starting a worker that would only be stopped again.
      const delay = code === 0 ? Math.max(backoff, CLEAN_EXIT_GRACE_MS) : backoff;
      log.warn(
        `worker ${worker.process.pid} ended (${signal ?? `code ${code}`}): starting a new one${delay ? ` in ${delay} ms` : ''}`,
      );
      setTimeout(() => startWorker(true), delay);
    });

    const stop = async (reason: string) => {
      if (stopping) return;
      stopping = true;
      const count = Object.keys(cluster.workers ?? {}).length;
      log.info(`${reason}: stopping ${count} worker${count === 1 ? '' : 's'}`);
      await stopWorkers(Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined));
      await removePidFile(config.dataDir);
    };
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        stop(`${signal} received`).then(
          () => process.exit(0),
          (error: unknown) => {
            log.error(`shutdown failed: ${String(error)}`);
            process.exit(1);
          },
        );
      });
    }

    for (let n = 0; n < config.workers; n++) startWorker();
  });
}

function sendTo(worker: Worker, message: object): boolean {
  if (!worker.isConnected()) return false;
  try {
    return worker.send(message);
  } catch {
    return false;
  }
}

/** SIGTERM to each worker (each finishes its requests), SIGKILL to any still there after the timeout. */
async function stopWorkers(workers: Worker[]): Promise<void> {
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          const timer = setTimeout(() => worker.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
          worker.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          // Not worker.kill(): that closes the IPC channel first, and the worker's last requests need it.
          worker.process.kill('SIGTERM');
        }),
    ),
  );
}

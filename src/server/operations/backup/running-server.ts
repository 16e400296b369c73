import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The server writes its pid here while it runs, so a restore can tell that the site is live.
 * A pid file left by a killed server names a dead process and is ignored.
 */
const PID_FILE = 'server.pid';

export type RunningServer = { pid: number; port: number };

const pidFileIn = (dataDir: string) => path.join(dataDir, PID_FILE);

export async function writePidFile(dataDir: string, port: number): Promise<void> {
  const record = { pid: process.pid, port, startedAt: new Date().toISOString() };
  // Written whole then renamed, so a reader polling for it never sees half a record.
  const partial = `${pidFileIn(dataDir)}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify(record) + '\n');
  await rename(partial, pidFileIn(dataDir));
}

/** Removes the pid file if it is still this process's. */
export async function removePidFile(dataDir: string): Promise<void> {
  if ((await readPidFile(dataDir))?.pid === process.pid) await unlink(pidFileIn(dataDir)).catch(() => undefined);
}

async function readPidFile(dataDir: string): Promise<RunningServer | null> {
  try {
    const record = JSON.parse(await readFile(pidFileIn(dataDir), 'utf8')) as Partial<RunningServer>;
    return Number.isInteger(record.pid) && (record.pid ?? 0) > 0
      ? { pid: record.pid!, port: Number(record.port) || 0 }
      : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server running on this DATA_DIR, or null (no pid file, or its process has gone). */
export async function findRunningServer(dataDir: string): Promise<RunningServer | null> {
  const record = await readPidFile(dataDir);
  return record && record.pid !== process.pid && isAlive(record.pid) ? record : null;
}

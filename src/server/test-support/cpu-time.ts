/**
 * CPU time (user + system, every thread of this process: libuv's pool, libvips, the event loop)
 * spent while `work` runs, in ms: what a budget in a test may check, unlike wall time, which
 * grows with whatever else the machine runs (wall-clock budgets live in the `bench:*` scripts).
 * The test and the app share the process (inject), so the server's share is counted too.
 */
export async function cpuTimeOf<T>(work: () => T | Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const spent = process.cpuUsage(before);
  return { result, cpuMs: (spent.user + spent.system) / 1000 };
}

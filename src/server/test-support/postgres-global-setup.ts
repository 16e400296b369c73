import type { TestProject } from 'vitest/node';
import { startTestCluster, stopTestCluster } from '../../../scripts/postgres/test-cluster.mjs';

/**
 * The `unit-pg` project's PostgreSQL: the cluster CI already started (TEST_POSTGRES_URL, see
 * .ci/run), or a throwaway one started here and stopped when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const given = process.env.TEST_POSTGRES_URL;
  if (given) {
    project.provide('postgresAdminUrl', given);
    return () => undefined;
  }
  const { url, dir } = await startTestCluster();
  project.provide('postgresAdminUrl', url);
  return () => stopTestCluster(dir);
}

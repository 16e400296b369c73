import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProductionServer, type ProductionServer } from '../../../scripts/lib/production-server.mjs';

/** What a test site starts with: the demo series, or a new site with no content. */
export type Seed = 'demo' | 'empty';

export type SiteTemplates = Record<Seed, string>;

const SEEDS: readonly Seed[] = ['demo', 'empty'];

/** The server's environment for a seed (the test's own variables first). */
export function seedEnv(seed: Seed, env: Record<string, string> = {}): Record<string, string> {
  return { LOG_LEVEL: 'warn', ...env, SEED_DEMO: seed === 'demo' ? '1' : '0' };
}

/**
 * A data folder per seed, migrated and seeded once per run by the production build itself (a
 * first start, then a clean stop: SQLite folds its WAL into the file). Each test site starts
 * from a copy: its own folder and database as before, without the 53 migrations and the seeding
 * (about 3 of the 4.5 s a first start takes on a busy 2-core machine).
 */
export async function makeSiteTemplates(): Promise<{ templates: SiteTemplates; remove: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-e2e-templates-'));
  const remove = () => rm(root, { recursive: true, force: true });
  try {
    const entries = await Promise.all(
      SEEDS.map(async (seed) => {
        const dataDir = path.join(root, seed);
        const server = await startProductionServer(seedEnv(seed, { DATA_DIR: dataDir }));
        await server.stop();
        // The stopped server's pid file would name another process once its pid is reused.
        await rm(path.join(dataDir, 'server.pid'), { force: true });
        return [seed, dataDir] as const;
      }),
    );
    return { templates: Object.fromEntries(entries) as SiteTemplates, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** Starts the production server on a fresh copy of a template's data folder, removed when it stops. */
export async function startFromTemplate(template: string, env: Record<string, string>): Promise<ProductionServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-e2e-'));
  try {
    await cp(template, dataDir, { recursive: true });
    const server = await startProductionServer({ ...env, DATA_DIR: dataDir });
    return {
      ...server,
      stop: async () => {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

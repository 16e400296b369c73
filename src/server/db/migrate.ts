import { Migrator, type Kysely, type Migration } from 'kysely';
import { migrations } from '../../../db/migrations/index.js';

/**
 * Runs every pending migration (of `chosen`, by default all the site's); throws with the failing
 * migration's name.
 */
export async function migrateToLatest(db: Kysely<any>, chosen: Record<string, Migration> = migrations): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => chosen } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`, { cause: error });
  }
}

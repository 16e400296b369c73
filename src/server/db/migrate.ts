import { Migrator, type Kysely } from 'kysely';
import { migrations } from '../../../db/migrations/index.js';

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`, { cause: error });
  }
}

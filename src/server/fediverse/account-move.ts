import { fediverseMoveSchema } from '../../domain/fediverse.schema.js';
import type { AppDatabase } from '../db/connection.js';
import { readSettings, writeSettings } from '../site/settings/site-settings-repository.js';

const MOVE_KEY = 'fediverse-move';

/** The actor address this account moved to (its `movedTo`), or null. */
export async function movedTo(db: AppDatabase): Promise<string | null> {
  return (await readSettings(db, MOVE_KEY, fediverseMoveSchema)).movedTo;
}

/** Notes the move to `target` (the actor shows it as `movedTo`); move-activity.ts checks and announces it. */
export async function recordMove(db: AppDatabase, target: string): Promise<void> {
  await writeSettings(db, MOVE_KEY, fediverseMoveSchema, { movedTo: target });
}

/** The move undone: the actor no longer shows `movedTo` (the followers' servers that moved already stay moved). */
export async function cancelMove(db: AppDatabase): Promise<void> {
  await writeSettings(db, MOVE_KEY, fediverseMoveSchema, { movedTo: null });
}

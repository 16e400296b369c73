import type { Context } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { Create, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { AppDatabase } from '../db/connection.js';
import { ACTOR_IDENTIFIER } from './actor-identity.js';
import { FEDERATED_OBJECTS, type FederatedKind } from './content-activities.js';
import { FEDERATED_SOURCES } from './content-federation.js';

const OUTBOX_PAGE = 20;

/** What the followers were sent and is still public (posts published, excerpts shared), newest first. */
const sentAndPublic = (db: AppDatabase) =>
  db
    .selectFrom('fediverseObjects')
    .where('shared', '=', 1)
    .where((eb) =>
      eb.or(
        Object.values(FEDERATED_SOURCES).map((source) =>
          eb.and([eb('kind', '=', source.kind), eb('objectId', 'in', source.publicIds(db) as never)]),
        ),
      ),
    );

export async function countOutbox(db: AppDatabase): Promise<number> {
  const row = await sentAndPublic(db)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A page of the outbox (`cursor`: how many newer items come before it): the `Create` of each post and shared excerpt
 * the followers were sent, with its object as it is now.
 */
export async function outboxPage(ctx: Context<void>, db: AppDatabase, cursor: string | null) {
  const offset = Math.max(0, Number.parseInt(cursor ?? '0', 10) || 0);
  const rows = await sentAndPublic(db)
    .select(['objectId', 'kind', 'federatedAt'])
    .orderBy('federatedAt', 'desc')
    .orderBy('objectId', 'desc')
    .limit(OUTBOX_PAGE)
    .offset(offset)
    .execute();
  const actor = ctx.getActorUri(ACTOR_IDENTIFIER);
  const items: Create[] = [];
  for (const row of rows) {
    const object = await FEDERATED_OBJECTS[row.kind as FederatedKind].objectOf(ctx, db, row.objectId);
    if (!object?.id) continue;
    items.push(
      new Create({
        id: new URL(`${object.id.href}#create`),
        actor,
        object,
        published: Temporal.Instant.from(row.federatedAt),
        to: PUBLIC_COLLECTION,
        cc: object.ccId,
      }),
    );
  }
  return { items, nextCursor: rows.length === OUTBOX_PAGE ? String(offset + OUTBOX_PAGE) : null };
}

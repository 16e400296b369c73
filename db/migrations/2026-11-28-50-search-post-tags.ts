import { sql, type Kysely } from 'kysely';

/**
 * A post's search document now carries its tags' names. The documents of tagged posts written before are dropped:
 * the index then no longer holds one document per item, so the next start rebuilds it (ensureSearchIndex) with them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    DELETE FROM search_documents
    WHERE kind = 'post' AND item_id IN (SELECT post_id FROM blog_post_tags)
  `.execute(db);
}

/** Nothing to undo: a document with its post's tags' names is still a document of that post. */
export async function down(): Promise<void> {}

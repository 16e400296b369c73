import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The site's series before series were data: every existing book was numbered in it by display order. */
const EXISTING_SERIES_NAME = 'The Cinderwake Cycle';

/** Frozen copy of the slug rule at the time of this migration. */
function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70)
    .replace(/-+$/g, '');
  return slug || 'book';
}

/**
 * Books gain a slug (unique, from the title), a series and number, and editions and shop links
 * stored as JSON lists. Existing books, which the site labelled "Book n" by display order, join
 * one series with those same numbers, so what readers saw does not change. series_id has no
 * foreign key (SQLite cannot drop such a column on the way down): deleting a series clears it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE books ADD COLUMN slug TEXT NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN series_id TEXT`.execute(db);
  // SQLite's REAL is an 8-byte float; PostgreSQL's REAL is 4 bytes, so there it is double precision.
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const floatType = isPostgres ? sql`DOUBLE PRECISION` : sql`REAL`;
  await sql`ALTER TABLE books ADD COLUMN series_number ${floatType}`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN editions TEXT NOT NULL DEFAULT '[]'`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN retailer_links TEXT NOT NULL DEFAULT '[]'`.execute(db);

  const { rows } = await sql<{
    id: string;
    title: string;
  }>`SELECT id, title FROM books ORDER BY "order", title, id`.execute(db);
  const seriesId = randomUUID();
  if (rows.length > 0) {
    await sql`INSERT INTO series (id, name, description, reading_order_note)
      VALUES (${seriesId}, ${EXISTING_SERIES_NAME}, '', '')`.execute(db);
  }
  const taken = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const base = slugOf(row.title);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    taken.add(slug);
    await sql`UPDATE books SET slug = ${slug}, series_id = ${seriesId}, series_number = ${index + 1}
      WHERE id = ${row.id}`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX books_slug ON books (slug)`.execute(db);
  await sql`CREATE INDEX books_series_id ON books (series_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX books_series_id`.execute(db);
  await sql`DROP INDEX books_slug`.execute(db);
  for (const column of ['retailer_links', 'editions', 'series_number', 'series_id', 'slug']) {
    await sql`ALTER TABLE books DROP COLUMN ${sql.ref(column)}`.execute(db);
  }
}

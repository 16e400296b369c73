import type { Kysely } from 'kysely';

/**
 * Cookie-less page analytics. `analytics_events` holds raw page views for 30 days: the UTC day and
 * hour, the path, where the view came from (utm_source or the referrer's host; null: direct), the
 * campaign, the device class and a visitor hash salted with a secret that changes every day (the
 * address itself is never stored). A roll-up job turns each finished day into the small daily and
 * hourly tables; a day is rolled up once it has a row in `analytics_daily_totals`.
 * `analytics_salts` keeps only the current day's salt, shared by every instance;
 * `analytics_admin_visitors` the hashes of the admin's own visits (left out of every count).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_events')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('hour', 'integer', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('source', 'text')
    .addColumn('campaign', 'text')
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('visitor', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('analytics_events_by_day').on('analytics_events').columns(['day', 'path']).execute();

  await db.schema
    .createTable('analytics_daily_totals')
    .addColumn('day', 'text', (col) => col.primaryKey().notNull())
    .addColumn('views', 'integer', (col) => col.notNull())
    .addColumn('visitors', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('analytics_hourly')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('hour', 'integer', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull())
    .addColumn('visitors', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('analytics_hourly_pk', ['day', 'hour'])
    .execute();
  await db.schema
    .createTable('analytics_daily_pages')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull())
    .addColumn('visitors', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('analytics_daily_pages_pk', ['day', 'path'])
    .execute();
  await db.schema.createIndex('analytics_daily_pages_by_path').on('analytics_daily_pages').column('path').execute();
  await db.schema
    .createTable('analytics_daily_sources')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('campaign', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull())
    .addColumn('visitors', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('analytics_daily_sources_pk', ['day', 'source', 'campaign'])
    .execute();
  await db.schema
    .createTable('analytics_daily_devices')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull())
    .addColumn('visitors', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('analytics_daily_devices_pk', ['day', 'device'])
    .execute();

  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'text', (col) => col.primaryKey().notNull())
    .addColumn('salt', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('analytics_admin_visitors')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('visitor', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('analytics_admin_visitors_pk', ['day', 'visitor'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'analytics_admin_visitors',
    'analytics_salts',
    'analytics_daily_devices',
    'analytics_daily_sources',
    'analytics_daily_pages',
    'analytics_hourly',
    'analytics_daily_totals',
    'analytics_events',
  ])
    await db.schema.dropTable(table).execute();
}

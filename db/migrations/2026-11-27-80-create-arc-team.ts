import type { Kysely } from 'kysely';

/**
 * The ARC team (issue 34): advance reader copies per book. `arc_campaigns`: a book's campaign (the
 * edition file its copies are made from, places, the review deadline, the promise text, open or
 * closed, hold back readers who never reviewed). `arc_applications`: one per campaign and subscriber
 * (unique), with where they review and what they read, its state (applied, selected, declined,
 * stepped-back), its copy (a `personal_copies` row made from the edition file, found again by its
 * fingerprint), downloads and the reminders sent. `arc_reviews`: the review links a reader submitted,
 * one per retailer, a link once per campaign (another reader cannot claim it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('arc_campaigns')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('book_id', 'text', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('edition_file_id', 'text')
    .addColumn('places', 'integer', (col) => col.notNull())
    .addColumn('review_by', 'text', (col) => col.notNull())
    .addColumn('promise', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('hold_back_non_reviewers', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('arc_campaigns_book').on('arc_campaigns').column('book_id').execute();
  await db.schema
    .createTable('arc_applications')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('campaign_id', 'text', (col) => col.notNull().references('arc_campaigns.id').onDelete('cascade'))
    .addColumn('subscription_id', 'text', (col) =>
      col.notNull().references('newsletter_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('profiles', 'text', (col) => col.notNull())
    .addColumn('genres', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull().unique())
    .addColumn('copy_file_id', 'text')
    .addColumn('site_origin', 'text')
    .addColumn('selected_at', 'text')
    .addColumn('downloaded_at', 'text')
    .addColumn('downloads', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('stepped_back_at', 'text')
    .addColumn('reviewed_at', 'text')
    .addColumn('download_reminder_at', 'text')
    .addColumn('deadline_reminder_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('arc_applications_campaign_reader', ['campaign_id', 'subscription_id'])
    .execute();
  await db.schema.createIndex('arc_applications_reader').on('arc_applications').column('subscription_id').execute();
  await db.schema
    .createTable('arc_reviews')
    .addColumn('application_id', 'text', (col) => col.notNull().references('arc_applications.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (col) => col.notNull())
    .addColumn('retailer', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('submitted_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('arc_reviews_pk', ['application_id', 'retailer'])
    .addUniqueConstraint('arc_reviews_campaign_url', ['campaign_id', 'url'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['arc_reviews', 'arc_applications', 'arc_campaigns']) await db.schema.dropTable(table).execute();
}

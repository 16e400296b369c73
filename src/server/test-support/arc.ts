import { newId, timestampNow } from '../db/row-conversion.js';
import type { AppDatabase } from '../db/connection.js';

/** A newsletter subscriber for the ARC tests: confirmed and active unless told otherwise. */
export async function addSubscriber(
  db: AppDatabase,
  email: string,
  options: { confirmed?: boolean; interests?: string[] } = {},
): Promise<string> {
  const id = newId();
  const now = timestampNow();
  await db
    .insertInto('newsletterSubscriptions')
    .values({
      id,
      email,
      isActive: 1,
      createdAt: now,
      confirmedAt: options.confirmed === false ? null : now,
      confirmationNonce: null,
      confirmationSentAt: null,
      interests: options.interests ? JSON.stringify(options.interests) : null,
    })
    .execute();
  return id;
}

/** The form body of an application (urlencoded, as a browser without script sends it). */
export function applicationForm(fields: {
  campaignId: string;
  email: string;
  name?: string;
  goodreads?: string;
  amazon?: string;
  genres?: string[];
  promise?: boolean;
}): string {
  const body = new URLSearchParams({
    campaignId: fields.campaignId,
    email: fields.email,
    name: fields.name ?? 'Ada Reader',
    goodreads: fields.goodreads ?? 'https://www.goodreads.com/user/show/1-ada',
    amazon: fields.amazon ?? '',
  });
  for (const genre of fields.genres ?? ['Epic fantasy']) body.append('genres', genre);
  if (fields.promise !== false) body.set('promise', 'yes');
  return body.toString();
}

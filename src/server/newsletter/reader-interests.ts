import { TRPCError } from '@trpc/server';
import {
  EVERYTHING,
  NEW_RELEASES,
  seriesIdOfInterest,
  seriesInterest,
  type Audience,
} from '../../domain/newsletter-interests.js';
import type { AppDatabase } from '../db/connection.js';
import { findBook } from '../content/books/books-repository.js';
import { listSeries } from '../content/series/series-repository.js';

export type InterestChoice = { value: string; label: string };

/** The boxes a reader may tick: each series, then "new releases only" and "everything". */
export async function interestChoices(db: AppDatabase): Promise<InterestChoice[]> {
  const series = await listSeries(db);
  return [
    ...series.map((entry) => ({ value: seriesInterest(entry.id), label: entry.name })),
    { value: NEW_RELEASES, label: 'New releases only' },
    { value: EVERYTHING, label: 'Everything' },
  ];
}

/** Refuses (400) interests naming a series that does not exist. */
export async function checkInterests(db: AppDatabase, interests: readonly string[]): Promise<void> {
  const wanted = interests.map(seriesIdOfInterest).filter((id): id is string => id !== null);
  if (wanted.length === 0) return;
  const known = new Set((await listSeries(db)).map((entry) => entry.id));
  if (wanted.some((id) => !known.has(id)))
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Interests name a series that does not exist' });
}

/** Refuses (400) an audience naming a series or book that does not exist. */
export async function checkAudience(db: AppDatabase, audience: Audience): Promise<void> {
  if (audience.kind === 'series') await checkInterests(db, [seriesInterest(audience.seriesId)]);
  if (audience.kind === 'preordered' && !(await findBook(db, audience.bookId)))
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The audience names a book that does not exist' });
}

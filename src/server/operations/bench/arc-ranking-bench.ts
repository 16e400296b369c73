import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rankApplications } from '../../arc/arc-ranking.js';
import { findCampaign } from '../../arc/arc-repository.js';
import { openDatabase } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';

// Run by scripts/bench-arc-ranking.mjs (through tsx): a migrated SQLite file in a temporary folder, one book,
// 20 past campaigns with 30 chosen readers each (reviews on time, late, step-backs, no-shows), and one campaign with
// `applicants` applications (500 by default); then the ranking, `runs` times. Prints one JSON line.

const applicants = Number(process.argv[2] ?? 500);
const runs = Number(process.argv[3] ?? 30);
const DAY = 86_400_000;

const dir = await mkdtemp(path.join(tmpdir(), 'arc-ranking-bench-'));
const db = openDatabase(path.join(dir, 'site.sqlite'));
try {
  await migrateToLatest(db);
  const now = new Date();
  const iso = (ms: number) => new Date(ms).toISOString();
  await db
    .insertInto('books')
    .values({
      id: 'b1',
      title: 'Bench',
      description: '',
      coverImage: '/c.jpg',
      status: 'coming-soon',
      price: null,
      order: 1,
      seriesId: null,
      seriesNumber: null,
    })
    .execute();
  const campaign = (id: string, reviewBy: number) =>
    db
      .insertInto('arcCampaigns')
      .values({
        id,
        bookId: 'b1',
        editionFileId: null,
        places: 30,
        reviewBy: iso(reviewBy),
        promise: 'p',
        state: 'open',
        createdAt: iso(now.getTime()),
        updatedAt: iso(now.getTime()),
      })
      .execute();
  const readers = Array.from({ length: applicants }, (_, n) => ({
    id: `s${n}`,
    email: `reader${n}@bench.example`,
    isActive: 1,
    createdAt: iso(now.getTime()),
    confirmedAt: iso(now.getTime()),
    confirmationNonce: null,
    confirmationSentAt: null,
    interests: n % 7 === 0 ? '["everything"]' : null,
  }));
  for (let start = 0; start < readers.length; start += 100)
    await db
      .insertInto('newsletterSubscriptions')
      .values(readers.slice(start, start + 100))
      .execute();
  for (let c = 0; c < 20; c += 1) {
    const reviewBy = now.getTime() - (c + 1) * 30 * DAY;
    await campaign(`past${c}`, reviewBy);
    const rows = Array.from({ length: 30 }, (_, k) => {
      const n = (c * 30 + k) % applicants;
      const outcome = (c + k) % 4;
      return {
        id: `past${c}-${k}`,
        campaignId: `past${c}`,
        subscriptionId: `s${n}`,
        name: `r${n}`,
        profiles: '{}',
        genres: '[]',
        state: outcome === 2 ? 'stepped-back' : 'selected',
        fingerprint: `fp-past${c}-${k}`,
        downloadedAt: outcome === 3 ? null : iso(reviewBy - 20 * DAY),
        reviewedAt: outcome === 0 ? iso(reviewBy - DAY) : outcome === 1 ? iso(reviewBy + DAY) : null,
        createdAt: iso(reviewBy - 40 * DAY),
      };
    });
    await db.insertInto('arcApplications').values(rows).execute();
  }
  await campaign('next', now.getTime() + 30 * DAY);
  const apps = readers.map((reader, n) => ({
    id: `a${n}`,
    campaignId: 'next',
    subscriptionId: reader.id,
    name: `r${n}`,
    profiles: '{"goodreads":"https://www.goodreads.com/u"}',
    genres: '["Epic fantasy"]',
    state: 'applied',
    fingerprint: `fp-next-${n}`,
    createdAt: iso(now.getTime() + n),
  }));
  for (let start = 0; start < apps.length; start += 100)
    await db
      .insertInto('arcApplications')
      .values(apps.slice(start, start + 100))
      .execute();

  const next = (await findCampaign(db, 'next'))!;
  const times: number[] = [];
  let ranked = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    ranked = (await rankApplications(db, next, now)).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
  console.log(JSON.stringify({ applicants, ranked, runs, medianMs: at(0.5), p95Ms: at(0.95), maxMs: at(1) }));
} finally {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
}

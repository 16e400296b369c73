// The list attack of issue 30, shared by `npm run bench:list-attack` and the load test
// (src/e2e/load/list-attack.test.ts): thousands of posts written straight into a site's SQLite file, then
// `GET /trpc/blog.list,blog.list,…(×20)?batch=1` sent as an attacker sends it: ten at once, and from ten
// addresses, batch after batch, for seconds. Types: list-attack.d.mts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sleep } from './load-stats.mjs';

/** Calls in one attack batch, as in the report: `blog.list` twenty times. */
export const ATTACK_BATCH_CALLS = 20;
/** The most calls the server serves in one batch (MAX_CALLS_PER_BATCH of src/domain/limits.ts; the load test checks). */
export const MOST_CALLS_SERVED = 10;

// Deterministic text: the same site on every run.
const WORDS = (
  'ash salt lantern throne crown ember candle tallow king queen marsh drowned city vesper bell stair iron linen ' +
  'rite dead warden chapterhouse tide copper rust water river bridge fire smoke grief oath blood wax wick road ' +
  'the of and a to in was with her his that they on at from by as it for but not'
).split(' ');

function postText(index, words) {
  const paragraphs = [];
  let sentence = [];
  let paragraph = [];
  for (let n = 0; n < words; n++) {
    sentence.push(WORDS[(index * 7919 + n * 104729) % WORDS.length]);
    if (sentence.length === 15) {
      paragraph.push(`${sentence.join(' ')}.`);
      sentence = [];
      if (paragraph.length === 5) {
        paragraphs.push(paragraph.join(' '));
        paragraph = [];
      }
    }
  }
  paragraphs.push([...paragraph, `${sentence.join(' ')}.`].join(' '));
  return paragraphs.join('\n\n');
}

/**
 * Writes `count` published posts of about `words` words (1,200: the report's posts) into the site's SQLite file, and
 * their search documents (their text is plain words, as the index holds it), in one transaction: seconds for 5,000,
 * where POST /api/blog would take minutes. The server must be stopped.
 */
export function seedPosts(dataDir, count, { words = 1200 } = {}) {
  const db = new Database(path.join(dataDir, 'site.sqlite'));
  try {
    const insert = db.prepare(
      `INSERT INTO blog_posts (id, title, summary, content, category, cover_image, published_at, content_format, status, slug)
       VALUES (?, ?, ?, ?, ?, '', ?, 'markdown', 'published', ?)`,
    );
    const indexDocument = db.prepare(
      `INSERT INTO search_documents (kind, item_id, title, body) VALUES ('post', ?, ?, ?)`,
    );
    const categories = ['announcements', 'behind-scenes', 'soundtracks'];
    const start = Date.UTC(2020, 0, 1);
    db.transaction(() => {
      for (let index = 0; index < count; index++) {
        const id = `seeded-post-${String(index).padStart(6, '0')}`;
        const title = `Seeded post ${index + 1}`;
        const text = postText(index, words);
        indexDocument.run(id, title, text);
        insert.run(
          id,
          title,
          `The summary of seeded post ${index + 1}, a line or two as on a card.`,
          text,
          categories[index % categories.length],
          new Date(start + index * 3_600_000).toISOString(),
          `seeded-post-${index + 1}`,
        );
      }
    })();
  } finally {
    db.close();
  }
}

/** Current and peak resident memory of a process in MB (/proc, Linux); null once it is gone. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
    return { rss: mb('VmRSS'), peak: mb('VmHWM') };
  } catch {
    return null;
  }
}

/**
 * The attack's URL: `blog.list` `calls` times in one GET batch, each with `input` (superjson's envelope of plain JSON)
 * or none (the procedure's default).
 */
export function attackUrl(baseUrl, calls = ATTACK_BATCH_CALLS, input = undefined) {
  const paths = Array.from({ length: calls }, () => 'blog.list').join(',');
  if (input === undefined) return `${baseUrl}/trpc/${paths}?batch=1`;
  const inputs = Object.fromEntries(Array.from({ length: calls }, (_, n) => [n, { json: input }]));
  return `${baseUrl}/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
}

/**
 * One attack batch: its status and size, or `error` when no answer came (the connection was reset, as when the
 * server dies).
 */
async function sendBatch(url, address) {
  try {
    const response = await fetch(url, { headers: address ? { 'x-forwarded-for': address } : {} });
    const body = await response.arrayBuffer();
    return { status: response.status, bytes: body.byteLength };
  } catch (error) {
    return { status: 0, bytes: 0, error: String(error?.cause?.code ?? error?.message ?? error) };
  }
}

/**
 * A batch that the server serves, spread over the whole blog so the cache of recent posts never holds it: `calls`
 * calls of `limit` posts, each starting after a random post of the `postCount` seeded (a new URL per batch).
 */
export function spreadAttackUrl(baseUrl, postCount, calls = MOST_CALLS_SERVED, limit = 10) {
  const paths = Array.from({ length: calls }, () => 'blog.list').join(',');
  return () => {
    const inputs = Object.fromEntries(
      Array.from({ length: calls }, (_, n) => {
        const cursor = `seeded-post-${String(Math.floor(Math.random() * postCount)).padStart(6, '0')}`;
        return [n, { json: { limit, cursor } }];
      }),
    );
    return `${baseUrl}/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
  };
}

/** `count` attack batches at once from one address. */
export function burst(baseUrl, count = 10, calls = ATTACK_BATCH_CALLS) {
  return Promise.all(Array.from({ length: count }, () => sendBatch(attackUrl(baseUrl, calls), '203.0.113.10')));
}

/**
 * `addresses` addresses (X-Forwarded-For: start the server with TRUST_PROXY=true) each sending batches (`url`: the
 * attack's by default, or a function giving each batch's) one after another for `seconds`, while `probe` (the
 * reader's page, loaded once before the attack starts, as a reader who is already on the site) is fetched every
 * `probeEveryMs` and the server's memory is read every 50 ms. Resolves with every batch's answer, the probe's timings and statuses, and the peak RSS seen.
 */
export async function sustained(
  baseUrl,
  pid,
  { seconds = 10, addresses = 10, probe = '/books', probeEveryMs = 25, url = attackUrl(baseUrl) },
) {
  await (await fetch(`${baseUrl}${probe}`)).arrayBuffer();
  const urlOfBatch = typeof url === 'function' ? url : () => url;
  const until = performance.now() + seconds * 1000;
  const batches = [];
  const probes = [];
  let peakRss = 0;
  const watcher = setInterval(() => {
    const memory = memoryOf(pid);
    if (memory) peakRss = Math.max(peakRss, memory.rss);
  }, 50);
  const attackers = Array.from({ length: addresses }, async (_, n) => {
    while (performance.now() < until) {
      const answer = await sendBatch(urlOfBatch(), `198.51.100.${n + 1}`);
      batches.push(answer);
      if (answer.status === 0) await sleep(100);
    }
  });
  const reader = (async () => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}${probe}`);
        await response.arrayBuffer();
        probes.push({ status: response.status, ms: performance.now() - started });
      } catch (error) {
        probes.push({ status: 0, ms: performance.now() - started, error: String(error?.cause?.code ?? error) });
      }
      await sleep(probeEveryMs);
    }
  })();
  await Promise.all([...attackers, reader]);
  clearInterval(watcher);
  return { batches, probes, peakRss };
}

/** How many answers had each status, e.g. { "200": 3, "400": 97 } ("0": no answer). */
export function countStatuses(answers) {
  const counts = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

// `npm run bench:sales`: Sell direct's webhook path, from the provider's POST to the email in the outbox.
//
//   Starts the production build (demo content: The Ashwarden's ebook sold through the Stripe Payment
//   Link plink_demo_ashwarden_ebook at $4.99) with STRIPE_WEBHOOK_SECRET set, MAIL_RATE=unlimited and
//   no relay (emails are saved to DATA_DIR/outbox). Then:
//   1. latency: N signed checkout.session.completed events one after another (default 100), each timed
//      from the POST until its purchase email is in the outbox; prints p50/p99;
//   2. exactly once: M distinct events (default 200) posted in parallel, each twice; checks that every
//      buyer got exactly one email.
//
//   Targets: webhook -> email in the outbox p99 < 1 s; every one of the M buyers mailed exactly once.
//
// Options: --events <n> (default 100), --parallel <n> (default 200), --build (rebuild first), --no-fail.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { parseFlags, percentile, positiveNumber, sleep } from './lib/load-stats.mjs';
import { ensureBuild, startProductionServer } from './lib/production-server.mjs';

const USAGE = 'Usage: npm run bench:sales -- [--events 100] [--parallel 200] [--build] [--no-fail]';
const TARGET = { maxP99Ms: 1000 };
const SECRET = 'whsec_bench_0123456789abcdef';

const flags = parseFlags(
  {
    events: { type: 'string' },
    parallel: { type: 'string' },
    build: { type: 'boolean' },
    'no-fail': { type: 'boolean' },
  },
  USAGE,
);
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
const events = positiveNumber(flags.events, 100, 'events', USAGE, { max: 10_000 });
const parallel = positiveNumber(flags.parallel, 200, 'parallel', USAGE, { max: 10_000 });
const stripe = new Stripe('sk_unused_webhooks_only');

function signedEvent(name, email) {
  const payload = JSON.stringify({
    id: `evt_${name}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${name}`,
        object: 'checkout.session',
        payment_link: 'plink_demo_ashwarden_ebook',
        payment_intent: `pi_${name}`,
        payment_status: 'paid',
        amount_total: 499,
        currency: 'usd',
        customer_details: { email, name: 'Bench Reader' },
      },
    },
  });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}

/** Every outbox file's recipient (the To header), read once per file. */
function outboxWatcher(dir) {
  const seen = new Map();
  return async function recipients() {
    const names = await readdir(dir).catch(() => []);
    for (const name of names) {
      if (seen.has(name) || !name.endsWith('.eml')) continue;
      const text = await readFile(path.join(dir, name), 'utf8');
      // A file still being written has no headers yet: it is read again on the next look.
      const to = /^To: (.+)$/m.exec(text)?.[1]?.trim().toLowerCase();
      if (to) seen.set(name, to);
    }
    return seen;
  };
}

await ensureBuild({ force: flags.build });
const dataDir = await mkdtemp(path.join(tmpdir(), 'site-bench-sales-'));
const server = await startProductionServer({
  DATA_DIR: dataDir,
  STRIPE_WEBHOOK_SECRET: SECRET,
  MAIL_RATE: 'unlimited',
  ANALYTICS: 'off',
});
let failed = false;
try {
  const recipients = outboxWatcher(path.join(dataDir, 'outbox'));
  const post = ({ payload, signature }) =>
    fetch(`${server.baseUrl}/api/sales/events/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  const mailedCount = async (email) => [...(await recipients()).values()].filter((to) => to === email).length;

  const latencies = [];
  for (let n = 0; n < events; n++) {
    const email = `latency${n}@example.org`;
    const started = performance.now();
    const response = await post(signedEvent(`latency_${n}`, email));
    if (response.status !== 200) throw new Error(`webhook answered ${response.status}: ${await response.text()}`);
    while ((await mailedCount(email)) === 0) {
      if (performance.now() - started > 30_000) throw new Error(`no email for ${email} in 30 s`);
      await sleep(2);
    }
    latencies.push(performance.now() - started);
  }
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(
    `webhook -> email in the outbox, ${events} events one after another: p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`,
  );

  const burst = Array.from({ length: parallel }, (_, n) => signedEvent(`burst_${n}`, `burst${n}@example.org`));
  const started = performance.now();
  const answers = await Promise.all([...burst, ...burst].map(post));
  const statuses = new Set(answers.map((answer) => answer.status));
  const deadline = Date.now() + 120_000;
  let mailed = new Map();
  for (;;) {
    const all = [...(await recipients()).values()].filter((to) => to.startsWith('burst'));
    mailed = new Map();
    for (const to of all) mailed.set(to, (mailed.get(to) ?? 0) + 1);
    if (mailed.size >= parallel || Date.now() > deadline) break;
    await sleep(50);
  }
  await sleep(1000);
  const all = [...(await recipients()).values()].filter((to) => to.startsWith('burst'));
  mailed = new Map();
  for (const to of all) mailed.set(to, (mailed.get(to) ?? 0) + 1);
  const once = [...mailed.values()].filter((count) => count === 1).length;
  const twice = [...mailed.values()].filter((count) => count > 1).length;
  console.log(
    `${parallel} events posted in parallel, each twice (${parallel * 2} requests, answers ${[...statuses].join('/')}): ` +
      `${mailed.size} buyers mailed, ${once} exactly once, ${twice} more than once, all mailed after ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (p99 >= TARGET.maxP99Ms) {
    console.log(`FAIL: p99 ${p99.toFixed(0)} ms >= ${TARGET.maxP99Ms} ms`);
    failed = true;
  }
  if (once !== parallel || twice > 0) {
    console.log('FAIL: not every buyer was mailed exactly once');
    failed = true;
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
if (failed && !flags['no-fail']) process.exit(1);

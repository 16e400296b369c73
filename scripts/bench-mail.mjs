// `npm run bench:mail`: the newsletter send queue at full speed, and what it costs the public site.
//
//   Seeds N confirmed subscribers (default 10,000) into the production build (demo content),
//   started with MAIL_RATE=unlimited against a local SMTP server (a child process), sends one issue
//   and prints messages/s; meanwhile autocannon loads a server-rendered blog post page at 50
//   connections and prints its p99 (a baseline without sending is measured first).
//
//   Targets: >= 50 messages/s, and the post page's p99 < 50 ms at 50 connections during the send.
//
// Options: --recipients <n> (default 10000), --connections <n> (default 50), --build (rebuild first),
//          --no-fail (report only).
// The server, the SMTP server and autocannon share the machine's cores: on a busy machine the
// figures are lower than on an idle one.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { issueFigures, seedSubscribers, sendIssue } from './lib/mail-seed.mjs';
import { parseFlags, positiveNumber, sleep } from './lib/load-stats.mjs';
import { ensureBuild, firstPostPath, startProductionServer } from './lib/production-server.mjs';

const USAGE = 'Usage: npm run bench:mail -- [--recipients 10000] [--connections 50] [--build] [--no-fail]';
const TARGET = { minMessagesPerSecond: 50, maxP99Ms: 50 };

const flags = parseFlags(
  {
    recipients: { type: 'string' },
    connections: { type: 'string' },
    build: { type: 'boolean' },
    'no-fail': { type: 'boolean' },
  },
  USAGE,
);
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
const recipients = positiveNumber(flags.recipients, 10_000, 'recipients', USAGE, { max: 1_000_000 });
const connections = positiveNumber(flags.connections, 50, 'connections', USAGE, { max: 1_000 });
const headers = { 'accept-encoding': 'br, gzip, deflate', accept: 'text/html' };

/** The counting relay (scripts/lib/counting-relay.mjs) in a child process of its own. */
async function startRelay() {
  const child = fork(fileURLToPath(new URL('./lib/counting-relay.mjs', import.meta.url)), { stdio: 'inherit' });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () =>
      new Promise((resolve) => {
        child.once('message', (answer) => resolve(answer.received));
        child.send('count');
      }),
    close: () => {
      child.disconnect();
      return new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

function load(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Loads the page until `done()` (checked each second), in 5 s rounds; returns every round's result. */
async function loadUntil(url, done) {
  const rounds = [];
  while (!(await done())) rounds.push(await load(url, 5));
  return rounds;
}

ensureBuild({ force: flags.build });
const relay = await startRelay();
const server = await startProductionServer(
  {
    SMTP_URL: relay.url,
    MAIL_FROM: 'Bench <news@example.com>',
    MAIL_RATE: 'unlimited',
    PUBLIC_URL: 'https://site.example',
  },
  { dataDirPrefix: 'site-bench-mail-' },
);
let failed = false;
try {
  seedSubscribers(server.dataDir, recipients, 'bench');
  const pagePath = await firstPostPath(server.baseUrl);
  const url = `${server.baseUrl}${pagePath}`;
  if ((await fetch(url, { headers })).status !== 200) throw new Error(`${pagePath} does not answer 200`);
  await load(url, 2); // warm-up
  const baseline = await load(url, 5);
  console.log(
    `Post page ${pagePath}, ${connections} connections, no send: p99 ${baseline.latency.p99} ms (${Math.round(baseline.requests.average)} req/s)`,
  );

  const startedAt = performance.now();
  const { id, count } = await sendIssue(server.baseUrl, server.adminPassword, {
    subject: 'Benchmark issue',
    body: 'A paragraph with **bold**, a [link](/books) and a list:\n\n- one\n- two\n',
  });
  let figures;
  const isDone = async () => {
    figures = await issueFigures(server.baseUrl, server.adminPassword, id);
    return figures.remaining === 0;
  };
  const rounds = await loadUntil(url, isDone);
  while (!(await isDone())) await sleep(200);
  const seconds = (performance.now() - startedAt) / 1000;
  const rate = figures.sent / seconds;
  const p99s = rounds.map((round) => round.latency.p99);
  const worstP99 = p99s.length ? Math.max(...p99s) : 0;
  const errors = rounds.reduce((sum, round) => sum + round.errors + round.non2xx, 0);

  const relayed = await relay.received();
  console.log(
    `Sent ${figures.sent} of ${count} (failed ${figures.failed}) in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} messages/s; the relay received ${relayed}`,
  );
  console.log(
    `Post page during the send (${rounds.length} rounds of 5 s): p99 per round ${p99s.join(', ')} ms; worst ${worstP99} ms; errors ${errors}`,
  );
  const checks = [
    [`>= ${TARGET.minMessagesPerSecond} messages/s`, rate >= TARGET.minMessagesPerSecond],
    [`post page p99 < ${TARGET.maxP99Ms} ms at ${connections} connections during the send`, worstP99 < TARGET.maxP99Ms],
    ['every message sent, none twice', figures.sent === count && relayed === count],
    ['no page errors', errors === 0],
  ];
  console.log('');
  for (const [label, ok] of checks) {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
    if (!ok) failed = true;
  }
} finally {
  await server.stop();
  await relay.close();
}
if (failed && !flags['no-fail']) process.exit(1);

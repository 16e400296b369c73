// `npm run bench:arc-ranking`: ranking a campaign's applicants by their record with this author (issue 34).
//
// Runs src/server/operations/bench/arc-ranking-bench.ts through tsx on a temporary SQLite file: 500 applicants
// (--applicants n), 20 past campaigns of 30 chosen readers each (reviews on time, late, step-backs, no-shows), the
// ranking 30 times. Budget: the slowest run ≤ 200 ms. Options: --applicants <n>, --runs <n>, --no-fail.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib/production-server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const BUDGET_MS = 200;
const result = spawnSync(
  path.join(root, 'node_modules/.bin/tsx'),
  ['src/server/operations/bench/arc-ranking-bench.ts', option('--applicants', '500'), option('--runs', '30')],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
if (result.status !== 0) throw new Error(`the ranking bench failed (exit ${result.status})`);
const figures = JSON.parse(result.stdout.trim().split('\n').at(-1));
console.log(
  `${figures.applicants} applicants ranked (${figures.ranked}): median ${figures.medianMs} ms, p95 ${figures.p95Ms} ms, max ${figures.maxMs} ms (budget ${BUDGET_MS} ms)`,
);
if (figures.maxMs > BUDGET_MS && !args.includes('--no-fail')) {
  console.error(`over budget: ${figures.maxMs} ms > ${BUDGET_MS} ms`);
  process.exit(1);
}

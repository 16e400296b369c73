#!/usr/bin/env node
/**
 * `npm test`: the README's one test command. First, side by side on the machine's two cores, the
 * checks that need no build (Prettier, ESLint, knip: `npm run lint`) and the ones that lead to it
 * (`npm run typecheck`, then `npm run build`, the production bundle the browser and load tests
 * run); then every Vitest project (vitest.config.ts), told the build is made, in two Vitest processes
 * side by side (BESIDE_PROJECTS below). Arguments go to both (`npm test -- src/server/books`); `--project NAME`
 * runs the named projects only (`npm test -- --project unit`). A
 * failed check lets the other one finish, so its output is complete, and stops the run before
 * Vitest; the exit code is the first failure's.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command in the project, its output's lines prefixed with `label`; resolves its exit code. */
function run(label, command, args, env = process.env) {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${label}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${label}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('error', (error) => {
      console.error(`[${label}] ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => {
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
      console.log(`[${label}] ${code === 0 ? 'done' : `FAILED (exit ${code})`} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

/** `npm run` of each script in turn, stopping at the first that fails. */
async function runScripts(label, scripts) {
  for (const script of scripts) {
    const code = await run(`${label}:${script}`, npm, ['run', '-s', script]);
    if (code !== 0) return code;
  }
  return 0;
}

/**
 * The last group (the attack runs, the load tests, the README's quick start) runs beside the others in a Vitest of
 * its own at the lowest CPU priority: it checks counts and RSS ceilings, never a time, so it can wait, and the API
 * suites and the browser tests leave a core idle for about 15 % of their time (waiting on a mail, a scheduled post,
 * a debounce), which it fills. Run after them, it added about 80 s to a CI run (docs/operations.md, "Test time").
 */
const BESIDE_PROJECTS = ['bench', 'load', 'readme'];
const MAIN_PROJECTS = ['unit', 'unit-pg', 'browser'];

/**
 * The projects named with `--project NAME` (or `--project=NAME`), taken out of the arguments: `npm test -- --project
 * unit` runs that project alone, in whichever group holds it.
 */
function splitProjects(args) {
  const named = [];
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--project' && i + 1 < args.length) named.push(args[++i]);
    else if (arg.startsWith('--project=')) named.push(arg.slice('--project='.length));
    else rest.push(arg);
  }
  return { named, rest };
}

const { named: namedProjects, rest: vitestArgs } = splitProjects(process.argv.slice(2));
const unknown = namedProjects.filter((name) => ![...MAIN_PROJECTS, ...BESIDE_PROJECTS].includes(name));
if (unknown.length > 0) {
  console.error(
    `No such Vitest project: ${unknown.join(', ')} (they are ${[...MAIN_PROJECTS, ...BESIDE_PROJECTS].join(', ')})`,
  );
  process.exit(2);
}

const checks = await Promise.all([runScripts('lint', ['lint']), runScripts('build', ['typecheck', 'build'])]);
const failed = checks.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);

const vitestBin = path.join(root, 'node_modules', '.bin', 'vitest');

// The build above is current: the browser and load projects' global setup need not make it again.
const vitestEnv = { ...process.env, E2E_SKIP_BUILD: '1' };
// A filter (`npm test -- src/server/books`) may match files of one part only: the other then has none to run.
const filterFlags = vitestArgs.length > 0 || namedProjects.length > 0 ? ['--passWithNoTests'] : [];

/** A group's projects, or those of them the command line named. */
const chosen = (group) => (namedProjects.length > 0 ? group.filter((name) => namedProjects.includes(name)) : group);
const projectFlags = (names) => names.flatMap((name) => ['--project', name]);

const mainProjects = chosen(MAIN_PROJECTS);
const main =
  mainProjects.length === 0
    ? Promise.resolve(0)
    : new Promise((resolve) => {
        const child = spawn(vitestBin, ['run', ...projectFlags(mainProjects), ...filterFlags, ...vitestArgs], {
          cwd: root,
          stdio: 'inherit',
          env: vitestEnv,
        });
        child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      });
const besideProjects = chosen(BESIDE_PROJECTS);
const beside =
  besideProjects.length === 0
    ? Promise.resolve(0)
    : run(
        'beside',
        'nice',
        ['-n', '19', vitestBin, 'run', ...projectFlags(besideProjects), ...filterFlags, ...vitestArgs],
        vitestEnv,
      );
const codes = await Promise.all([main, beside]);
process.exit(codes.find((code) => code !== 0) ?? 0);

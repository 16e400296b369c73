// Small helpers shared by the soak and crash tests: latency percentiles, RSS of a process, argument parsing.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** The p-th percentile (0–100) of a list of numbers (nearest rank); null for an empty list. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`No VmRSS for pid ${pid}`);
  return Math.round((Number(match[1]) / 1024) * 10) / 10;
}

/** Parses flags; a wrong one prints the usage and exits with code 2. */
export function parseFlags(options, usage) {
  try {
    return parseArgs({ options: { ...options, help: { type: 'boolean' } }, strict: true }).values;
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
}

/** A positive number flag (or the default); exits with the usage when it is not one. */
export function positiveNumber(value, fallback, name, usage, { max = Infinity } = {}) {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0 || number > max) {
    console.error(`--${name} must be a positive number${max < Infinity ? ` up to ${max}` : ''}\n${usage}`);
    process.exit(2);
  }
  return number;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An IPv4 address in 10.<block>.x.y for the n-th request, cycling through `size` (at most 65536) clients. */
export function poolAddress(block, n, size) {
  const index = n % Math.min(size, 65_536);
  return `10.${block}.${index >> 8}.${index & 255}`;
}

// The service unit docs/deploy.md shows, read from the doc, and systemd's restart rules (systemd.service(5),
// "Restart="), for the test of its restart (src/e2e/load/service-restart.test.ts) where no systemd runs as PID 1.
// Types: systemd-unit.d.mts.

/** The text of the ```ini block that follows the mention of `name` in a Markdown document. */
export function unitFromDoc(markdown, name = 'author-site.service') {
  const at = markdown.indexOf(name);
  if (at < 0) throw new Error(`${name} is not mentioned`);
  const block = /```ini\n([\s\S]*?)\n\s*```/.exec(markdown.slice(at));
  if (!block) throw new Error(`No ini block after ${name}`);
  // The doc indents the block inside a list item.
  const indent = /^( *)/.exec(block[1])[1].length;
  return block[1]
    .split('\n')
    .map((line) => line.slice(Math.min(indent, /^( *)/.exec(line)[1].length)))
    .join('\n');
}

/** `{ Unit: { Description: '…' }, Service: { … } }`: the last value of each key (as systemd reads single values). */
export function parseUnit(text) {
  const sections = {};
  let section = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = sections[header[1]] ??= {};
      continue;
    }
    const pair = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (!pair || !section) throw new Error(`Not a unit line: ${line}`);
    section[pair[1]] = pair[2];
  }
  return sections;
}

/** Seconds of a systemd time span such as `2`, `2s`, `500ms`, `1min 30s` (systemd.time(7)). */
export function seconds(span) {
  const units = { ms: 0.001, s: 1, sec: 1, m: 60, min: 60, h: 3600 };
  let total = 0;
  for (const part of span.trim().split(/\s+/)) {
    const match = /^(\d+(?:\.\d+)?)(ms|s|sec|m|min|h)?$/.exec(part);
    if (!match) throw new Error(`Not a time span: ${span}`);
    total += Number(match[1]) * units[match[2] ?? 's'];
  }
  return total;
}

/** The signals systemd counts as a clean end of a service (SuccessExitStatus's defaults). */
const CLEAN_SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGPIPE'];

/**
 * Whether systemd restarts a service that ended so, under `Restart=` (the table of systemd.service(5); timeouts and
 * the watchdog do not arise here).
 */
export function restartsAfter(policy, { code, signal }) {
  const clean = signal ? CLEAN_SIGNALS.includes(signal) : code === 0;
  const uncleanSignal = Boolean(signal) && !clean;
  switch (policy) {
    case 'always':
      return true;
    case 'on-success':
      return clean;
    case 'on-failure':
      return !clean;
    case 'on-abnormal':
    case 'on-abort':
      return uncleanSignal;
    default:
      return false;
  }
}

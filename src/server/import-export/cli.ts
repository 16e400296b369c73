import { createHash, randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_PATH, importSourceFrom, IMPORT_SOURCES, type ImportSummary } from '../../domain/import-export.js';
import { importSummaryCsv } from '../../domain/import-summary-csv.js';
import { findRunningServer } from '../operations/backup/running-server.js';
import { ConfigError, loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/connection.js';
import { createAdminSession, deleteAdminSession } from '../auth/admin-credentials-repository.js';
import { DATABASE_FILE_NAME } from '../operations/startup/data-dir.js';

type Output = { log: (line: string) => void; error: (line: string) => void };

const USAGE = `Usage: npm run import -- --source ${IMPORT_SOURCES.join('|')} FILE [--media UPLOADS.zip] [--dry-run] [--mapping JSON] [--consent given|none] [--consent-source TEXT] [--summary FILE.csv]`;
/** The command's own session lasts as long as a 100 MB import may take, then expires by itself. */
const SESSION_MS = 60 * 60 * 1000;

function describe(summary: ImportSummary): string[] {
  const { created } = summary;
  const lines = [
    `${summary.dryRun ? 'Would create' : 'Created'}: ${created.posts} posts, ${created.drafts} drafts, ${created.scheduled} scheduled, ${created.subscribers} subscribers, ${created.images} images; ${summary.updated} updated; ${summary.skippedCount} skipped.`,
  ];
  for (const { status, count, meaning } of summary.statuses ?? [])
    lines.push(`  status ${status}: ${count} ${meaning}`);
  if (summary.consent?.required)
    lines.push(
      `  ${summary.consent.rows} rows have no status: say where they agreed (--consent given --consent-source "…") or import them as not mailed (--consent none)`,
    );
  for (const skip of summary.skipped.slice(0, 50)) lines.push(`  skipped ${skip.item}: ${skip.reason}`);
  for (const warning of summary.warnings.slice(0, 50)) lines.push(`  warning ${warning.item}: ${warning.message}`);
  if (summary.skipped.length + summary.warnings.length > 100) lines.push('  … the whole list is in --summary FILE.csv');
  return lines;
}

/**
 * `npm run import -- --source wordpress FILE [--dry-run]`, on the server's own shell with the site running: the
 * file goes through the running site's import endpoint (so every instance's caches are cleared, as from the
 * admin), signed in with a session the command makes in the database and removes when done.
 */
export async function runImportCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: Output = console,
): Promise<0 | 1 | 2> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        source: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        mapping: { type: 'string' },
        consent: { type: 'string' },
        'consent-source': { type: 'string' },
        summary: { type: 'string' },
        media: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    out.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const source = importSourceFrom(args.values.source);
  const file = args.positionals[0];
  if (!source || !file || args.positionals.length > 1) {
    out.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env, null);
  } catch (error) {
    if (error instanceof ConfigError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
  const server = await findRunningServer(config.dataDir);
  if (!server) {
    out.error(`The site is not running on ${config.dataDir}: start it (npm start), then import.`);
    return 1;
  }
  let blob: Blob;
  let media: Blob | null;
  const reading = args.values.media ? [file, args.values.media] : [file];
  try {
    const opened = await Promise.all(reading.map((name) => openAsBlob(name)));
    blob = opened[0]!;
    media = opened[1] ?? null;
  } catch {
    out.error(`Cannot read ${reading.join(' or ')}`);
    return 1;
  }
  const db = openConfiguredDatabase(config, path.join(config.dataDir, DATABASE_FILE_NAME));
  const token = randomBytes(32).toString('base64url');
  const sessionId = await createAdminSession(
    db,
    createHash('sha256').update(token).digest('hex'),
    new Date(Date.now() + SESSION_MS),
  );
  try {
    const body = new FormData();
    if (args.values.mapping) body.append('mapping', args.values.mapping);
    if (args.values.consent) body.append('consent', args.values.consent);
    if (args.values['consent-source']) body.append('consentSource', args.values['consent-source']);
    body.append('file', blob, path.basename(file));
    if (media) body.append('media', media, path.basename(args.values.media!));
    const query = `source=${source}${args.values['dry-run'] ? '&dryRun=1' : ''}`;
    const response = await fetch(`http://127.0.0.1:${server.port}${IMPORT_PATH}?${query}`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token}` },
    });
    const answer = (await response.json()) as ImportSummary & { error?: string };
    if (!response.ok) {
      out.error(`Not imported (${response.status}): ${answer.error ?? 'unknown error'}`);
      return 1;
    }
    for (const line of describe(answer)) out.log(line);
    if (args.values.summary) {
      await writeFile(args.values.summary, `\uFEFF${importSummaryCsv(answer)}`);
      out.log(`Summary written to ${args.values.summary}`);
    }
    return 0;
  } finally {
    await deleteAdminSession(db, sessionId);
    await db.destroy();
  }
}

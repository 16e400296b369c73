import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.js';
import { databaseFileIn, giftFilesDirIn, salesFilesDirIn, uploadsDirIn } from '../startup/data-files.js';
import { redactDatabaseUrl } from '../startup/open-site-database.js';
import { copySqliteSiteToPostgres, CopyRefusedError } from './copy-to-postgres.js';

const USAGE =
  'Usage: npm run db:copy -- --to postgres://user:password@host:5432/dbname   (copies DATA_DIR’s SQLite site)';

type Output = { log: (line: string) => void; error: (line: string) => void };

/** `npm run db:copy -- --to URL`: 0 copied and every count matches, 1 refused or a count differs, 2 wrong usage. */
export async function runDbCopyCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: Output = console,
): Promise<0 | 1 | 2> {
  let target: string | undefined;
  try {
    target = parseArgs({ args: argv, options: { to: { type: 'string' } }, strict: true }).values.to;
  } catch (error) {
    out.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!target) {
    out.error(USAGE);
    return 2;
  }
  try {
    // The target is checked like DATABASE_URL; the source is DATA_DIR's SQLite site whatever DATABASE_URL says.
    const config = loadConfig({ ...env, DATABASE_URL: target }, null);
    const databaseFile = databaseFileIn(config.dataDir);
    out.log(`Copying ${databaseFile}, its uploads, gift files and sales files into ${redactDatabaseUrl(target)}`);
    const report = await copySqliteSiteToPostgres(
      {
        databaseFile,
        uploadsDir: uploadsDirIn(config.dataDir),
        giftFilesDir: giftFilesDirIn(config.dataDir),
        salesFilesDir: salesFilesDirIn(config.dataDir),
        targetUrl: target,
      },
      (line) => out.log(`  ${line}`),
    );
    const rows = [
      ...report.tables,
      { table: 'uploads (files → stored_uploads)', ...report.uploads },
      { table: 'gift files (files → gift_file_chunks)', ...report.giftFiles },
      { table: 'sales files (files → sales_file_chunks)', ...report.salesFiles },
    ];
    const width = Math.max(...rows.map((row) => row.table.length));
    out.log(`\n${'table'.padEnd(width)}  sqlite  postgres`);
    for (const row of rows) {
      const mark = row.source === row.target ? 'ok' : 'DIFFERENT';
      out.log(
        `${row.table.padEnd(width)}  ${String(row.source).padStart(6)}  ${String(row.target).padStart(8)}  ${mark}`,
      );
    }
    const mismatched = rows.filter((row) => row.source !== row.target);
    if (mismatched.length > 0) {
      out.error(`\nCounts differ for ${mismatched.map((row) => row.table).join(', ')}: do not switch to this copy.`);
      return 1;
    }
    out.log(
      `\nEvery count matches. Set DATABASE_URL=${redactDatabaseUrl(target)} (with its password) and restart the site.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof CopyRefusedError) {
      out.error(error.message);
      return 1;
    }
    const code = (error as { code?: string }).code;
    if (code === 'ECONNREFUSED' || code === '28P01' || code === '3D000' || code === 'ENOTFOUND') {
      out.error(`${redactDatabaseUrl(target)}: ${(error as Error).message}`);
      return 1;
    }
    throw error;
  }
}

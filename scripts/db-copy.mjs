// `npm run db:copy -- --to postgres://…`: copies DATA_DIR's SQLite site (every table, every upload)
// into an empty PostgreSQL database and compares the counts of each table.
import { importCompiledServerModule } from './lib/compiled-server.mjs';

const { runDbCopyCommand } = await importCompiledServerModule('operations/db-copy/cli.js');
process.exitCode = await runDbCopyCommand(process.argv.slice(2), process.env);

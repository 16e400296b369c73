// `npm run backup [-- --out DIR]`: an online backup of DATA_DIR (database and uploads) into one archive.
import { importCompiledServerModule } from './lib/compiled-server.mjs';

// Archives and restored files are the site user's alone, like everything the server writes.
process.umask(0o077);
const { runBackupCommand } = await importCompiledServerModule('operations/backup/cli.js');
process.exitCode = await runBackupCommand(process.argv.slice(2), process.env);

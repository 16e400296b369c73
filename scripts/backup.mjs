// `npm run backup [-- --out DIR]`: an online backup of DATA_DIR (database and uploads) into one archive.
import { importCompiledServerModule } from './lib/compiled-server.mjs';

const { runBackupCommand } = await importCompiledServerModule('backup/cli.js');
process.exitCode = await runBackupCommand(process.argv.slice(2), process.env);

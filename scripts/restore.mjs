// `npm run restore -- FILE [--force]`: verifies a backup archive, then restores it into DATA_DIR.
import { importCompiledServerModule } from './lib/compiled-server.mjs';

// Archives and restored files are the site user's alone, like everything the server writes.
process.umask(0o077);
const { runRestoreCommand } = await importCompiledServerModule('operations/backup/cli.js');
process.exitCode = await runRestoreCommand(process.argv.slice(2), process.env);

// `npm run restore -- FILE [--force]`: verifies a backup archive, then restores it into DATA_DIR.
import { importCompiledServerModule } from './lib/compiled-server.mjs';

const { runRestoreCommand } = await importCompiledServerModule('backup/cli.js');
process.exitCode = await runRestoreCommand(process.argv.slice(2), process.env);

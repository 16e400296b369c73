// `npm run import -- --source wordpress FILE [--dry-run]`: imports a file through the running site (see docs/import-export.md).
import { importCompiledServerModule } from './lib/compiled-server.mjs';

const { runImportCommand } = await importCompiledServerModule('import-export/cli.js');
process.exitCode = await runImportCommand(process.argv.slice(2), process.env);

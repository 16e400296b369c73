import { onFirstUse } from '../lazy-module.js';

// The loaders' one edge to each module is its `import()`, as fediverse/fedify-loader.ts does for Fedify.
const importImportRun = () => import('./run-import.js');
const importExportBuilder = () => import('./export/build-export.js');

/**
 * The import's code (run-import.ts: the WordPress, Ghost, Substack and site-export readers, the subscribers' CSV and
 * the media archive), loaded with the first import rather than with the server: with saxes, csv-parse,
 * @streamparser/json, yauzl and yazl it costs memory no reader's page needs (npm run bench:start;
 * start-modules.test.ts checks).
 */
export const loadImportRun = onFirstUse(importImportRun);

/** The site's export (build-export.ts and yazl), loaded with the first export. */
export const loadExportBuilder = onFirstUse(importExportBuilder);

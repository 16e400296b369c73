import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on first use rather than at start: a fresh server has no use yet for
 * sharp (an upload), nodemailer (a message) or pg (a PostgreSQL site), and each costs 10-30 MB
 * of memory and tens of milliseconds to load (npm run bench:start measures them).
 */
export function lazyModule<Module>(specifier: string): () => Module {
  let loaded: Module | undefined;
  return () => (loaded ??= require(specifier) as Module);
}

/**
 * One of the site's own module groups imported on first use (`load` is its one `import()`): the same import for every
 * caller, tried again on the next use if it failed. fediverse/fedify-loader.ts and import-export/import-loader.ts use it.
 */
export function onFirstUse<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

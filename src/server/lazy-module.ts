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

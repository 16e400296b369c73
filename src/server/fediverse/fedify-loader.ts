import { onFirstUse } from '../lazy-module.js';

// The loader's one edge to the module is this `import()`: a static type import of it would close an import circle
// through services.ts (import-circles.test.ts).
const importFedifySide = () => import('./fedify-side.js');

/**
 * The one way to the fediverse code that runs on Fedify (fedify-side.ts): imported on first use, never with the
 * server's modules. @fedify/fedify and @fedify/vocab cost about 60 MB of memory and 300 ms to load (npm run
 * bench:start), and most requests never touch them: only a fediverse request, a queued delivery that is due, a post
 * to send to the followers or the admin's answer to a follow or move loads them (start-modules.test.ts checks).
 */
export const loadFedifySide = onFirstUse(importFedifySide);

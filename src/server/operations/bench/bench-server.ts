import '../../run-mode.js';
import { exitAfterFailedStart, serve } from '../../serve.js';
import { registerBenchReferenceRoutes } from './bench-reference.js';

// The entry scripts/bench-api.mjs starts: the production server plus the in-memory reference routes.
serve({ beforeListen: ({ app, services }) => registerBenchReferenceRoutes(app, services) }).catch(exitAfterFailedStart);

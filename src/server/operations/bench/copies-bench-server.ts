import '../../run-mode.js';
import { exitAfterFailedStart, serve } from '../../serve.js';
import { registerCopiesBenchRoutes } from './copies-bench-routes.js';

// The entry scripts/bench-personal-copy.mjs starts: the production server plus the personal copies' bench routes.
serve({ beforeListen: ({ app, services }) => registerCopiesBenchRoutes(app, services) }).catch(exitAfterFailedStart);

import { exitAfterFailedStart, serve } from './serve.js';

serve().catch(exitAfterFailedStart);

import './run-mode.js';
import { exitAfterFailedStart, serve } from './serve.js';

serve().catch(exitAfterFailedStart);

import { describeEveryPageFits } from './page-width.js';

// Every page at 320 px (page-width.ts).
describeEveryPageFits('narrow');

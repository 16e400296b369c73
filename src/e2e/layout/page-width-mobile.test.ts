import { describeEveryPageFits } from './page-width.js';

// Every page at 375 px (page-width.ts).
describeEveryPageFits('mobile');
